#ifndef CHARFLOW_CSQLITE_SHIM_H
#define CHARFLOW_CSQLITE_SHIM_H
#include <sqlite3.h>
#endif
