/* The build identity, from the header cmake/build_id.cmake regenerates when
 * HEAD or the dirty state changes. Only this file includes it. */
#include "cuzk/util.h"
#include "cuzk_build_id.h"

const char *cuzk_build_id(void) { return CUZK_BUILD_ID; }
const char *cuzk_build_commit(void) { return CUZK_BUILD_COMMIT; }
const char *cuzk_build_arch(void) { return CUZK_BUILD_ARCH; }
