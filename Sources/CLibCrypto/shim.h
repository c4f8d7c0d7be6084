/* Only libcrypto's declarations: its functions are found with dlopen when a hub with a passphrase is
   reached (LibCrypto.swift), so no command links libcrypto and a store without a hub never loads it. */
#include <openssl/evp.h>
#include <openssl/rand.h>
/* The self-signed certificate of `serve --listen` and certificate fingerprints (same dlopen rule). */
#include "certificate.h"
