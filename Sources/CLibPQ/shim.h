#ifndef WALKTHROUGH_CLIBPQ_SHIM_H
#define WALKTHROUGH_CLIBPQ_SHIM_H

#include <libpq-fe.h>

#endif
