#ifndef WALKTHROUGH_CSQLITE_SHIM_H
#define WALKTHROUGH_CSQLITE_SHIM_H

#include <sqlite3.h>

#endif
