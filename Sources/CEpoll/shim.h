// Linux's epoll (part of glibc, nothing to link) for the terminal host's input source
// (Sources/TerminalHost/Input/TerminalInputSource.swift); Swift's Glibc module leaves
// <sys/epoll.h> out.
#include <sys/epoll.h>
