// glibc's malloc statistics (mallinfo2) for the benchmarks; Swift's Glibc module leaves
// <malloc.h> out.
#include <malloc.h>
