import Glibc

/// Keeps what the process writes to standard error while the app owns the screen, and shows it
/// on the normal screen once the terminal is restored.
///
/// A `fatalError` message or a library's warning written to the terminal while the alternate
/// screen is up would be drawn over the UI and then vanish with it. While capturing, file
/// descriptor 2 points at an unlinked temporary file (a file rather than a pipe: a full pipe
/// would block the writer, and the Swift backtracer writes there while the process is
/// crashing). ``end()`` — or ``CrashGuard``'s handler, which uses the same async-signal-safe
/// code — puts the original standard error back and copies the file's contents to it.
///
/// Only a standard error that is a terminal is captured: one redirected to a file or a pipe
/// already keeps its text. ``TerminalHost`` captures from ``TerminalHost/start()`` to exit,
/// and shows the text when the app is suspended.
public enum StandardErrorCapture {
  /// Whether standard error is being captured.
  public static var isCapturing: Bool { CrashStorage.shared.captureFile.load(ordering: .acquiring) >= 0 }

  /// Starts capturing if standard error is a terminal and no capture is running. Returns whether
  /// a capture is running afterwards; a temporary file that cannot be made leaves standard
  /// error as it was.
  @discardableResult
  public static func begin() -> Bool {
    let storage = CrashStorage.shared
    guard !isCapturing else { return true }
    guard isatty(STDERR_FILENO) == 1 else { return false }
    let directory = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
    var template = Array("\(directory)/responderkit-stderr-XXXXXX".utf8CString)
    let file = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    guard file >= 0 else { return false }
    // Unlinked at once: nothing is left behind however the process ends.
    template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
    _ = fcntl(file, F_SETFD, FD_CLOEXEC)
    let saved = fcntl(STDERR_FILENO, F_DUPFD_CLOEXEC, 3)
    guard saved >= 0, dup2(file, STDERR_FILENO) >= 0 else {
      close(file)
      if saved >= 0 { close(saved) }
      return false
    }
    storage.savedStandardError.store(saved, ordering: .releasing)
    storage.captureFile.store(file, ordering: .releasing)
    return true
  }

  /// Puts the original standard error back and writes to it what was captured. Does nothing
  /// when not capturing.
  public static func end() {
    CrashStorage.shared.endCapture()
  }
}

extension CrashStorage {
  /// ``StandardErrorCapture/end()``, async-signal-safe and at most once per capture.
  func endCapture() {
    let file = captureFile.exchange(-1, ordering: .acquiringAndReleasing)
    guard file >= 0 else { return }
    let saved = savedStandardError.exchange(-1, ordering: .acquiringAndReleasing)
    if saved >= 0 {
      _ = dup2(saved, STDERR_FILENO)
      close(saved)
    }
    var buffer: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0, 0, 0)
    withUnsafeMutableBytes(of: &buffer) { chunk in
      var offset: off_t = 0
      while true {
        let n = pread(file, chunk.baseAddress, chunk.count, offset)
        if n < 0 && errno == EINTR { continue }
        guard n > 0 else { break }
        offset += off_t(n)
        var start = chunk.baseAddress!
        var remaining = n
        while remaining > 0 {
          let written = write(STDERR_FILENO, start, remaining)
          if written < 0 {
            if errno == EINTR { continue }
            return
          }
          start += written
          remaining -= written
        }
      }
    }
    close(file)
  }
}
