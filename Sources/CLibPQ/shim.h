/* Only libpq's declarations: its functions are found with dlopen when a sync starts (LibPQ.swift), so
   no command links libpq and the libraries it loads (Kerberos, LDAP, libcrypto). */
#include <postgresql/libpq-fe.h>
