#ifndef WALKTHROUGH_CCHAFA_SHIM_H
#define WALKTHROUGH_CCHAFA_SHIM_H

// libchafa 1.12 (Debian's libchafa-dev), used only by the `Chafa` package trait.
#include <chafa.h>

#endif
