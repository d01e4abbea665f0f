#ifndef GLASS_AUDIT_CSQLITE_SHIM_H
#define GLASS_AUDIT_CSQLITE_SHIM_H

#include <sqlite3.h>

/* Swift cannot import SQLITE_TRANSIENT (a cast of -1 to a function pointer);
   re-export it. */
static inline sqlite3_destructor_type csqlite_transient(void) {
  return SQLITE_TRANSIENT;
}

#endif
