#include "CXKBCommonShims.h"
