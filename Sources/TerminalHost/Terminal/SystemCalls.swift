import Glibc

/// The seam every terminal syscall goes through, so tests can inject `EINTR`, `EAGAIN` with
/// partial writes, `EIO` and hang-ups without a kernel (the pattern of swift-system's mocking).
///
/// Each function returns the C result and the `errno` read right after the call (0 on success).
struct SystemCalls {
  var read: (_ fd: CInt, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> (Int, CInt)
  var write: (_ fd: CInt, _ buffer: UnsafeRawPointer, _ count: Int) -> (Int, CInt)
  var getAttributes: (_ fd: CInt, _ attributes: inout termios) -> (CInt, CInt)
  var setAttributes: (_ fd: CInt, _ action: CInt, _ attributes: termios) -> (CInt, CInt)
  var windowSize: (_ fd: CInt, _ size: inout winsize) -> (CInt, CInt)
  /// Waits until `fd` is writable (after `EAGAIN` on a non-blocking descriptor), at most
  /// `timeout` milliseconds; returns 0 on timeout.
  var waitWritable: (_ fd: CInt, _ timeout: CInt) -> (CInt, CInt)
  /// Discards output not yet transmitted (`tcflush(TCOFLUSH)`).
  var flushOutput: (_ fd: CInt) -> (CInt, CInt)
  /// The terminal's foreground process group (`tcgetpgrp`).
  var foregroundGroup: (_ fd: CInt) -> (pid_t, CInt)
  /// Sends a signal to this process's group (`kill(0, …)`), as a shell's Ctrl-Z would.
  var signalProcessGroup: (_ signal: CInt) -> (CInt, CInt)

  /// The real calls.
  static var live: SystemCalls {
    SystemCalls(
      read: { fd, buffer, count in
        let n = Glibc.read(fd, buffer, count)
        return (n, n < 0 ? errno : 0)
      },
      write: { fd, buffer, count in
        let n = Glibc.write(fd, buffer, count)
        return (n, n < 0 ? errno : 0)
      },
      getAttributes: { fd, attributes in
        let r = tcgetattr(fd, &attributes)
        return (r, r < 0 ? errno : 0)
      },
      setAttributes: { fd, action, attributes in
        var copy = attributes
        let r = tcsetattr(fd, action, &copy)
        return (r, r < 0 ? errno : 0)
      },
      windowSize: { fd, size in
        let r = ioctl(fd, UInt(TIOCGWINSZ), &size)
        return (r, r < 0 ? errno : 0)
      },
      waitWritable: { fd, timeout in
        var entry = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
        let r = poll(&entry, 1, timeout)
        return (r, r < 0 ? errno : 0)
      },
      flushOutput: { fd in
        let r = tcflush(fd, TCOFLUSH)
        return (r, r < 0 ? errno : 0)
      },
      foregroundGroup: { fd in
        let group = tcgetpgrp(fd)
        return (group, group < 0 ? errno : 0)
      },
      signalProcessGroup: { signal in
        let r = kill(0, signal)
        return (r, r < 0 ? errno : 0)
      }
    )
  }
}
