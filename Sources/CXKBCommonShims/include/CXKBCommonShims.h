#ifndef CXKBCOMMONSHIMS_H
#define CXKBCOMMONSHIMS_H
#include <xkbcommon/xkbcommon.h>
#endif
