import Dispatch
import Glibc

/// Reads standard input (or another descriptor) on the main queue as data arrives, so an app
/// takes data from a pipe — one still being written, as in `find / | app` — while the run loop
/// goes on handling keys and drawing. With ``TerminalPresentation`` inline, the host takes keys
/// and the screen from `/dev/tty`, and standard input is free for this.
///
///     let reader = StandardInputReader()
///     reader.start { bytes in lines.append(contentsOf: bytes) } onEnd: { error in finished = true }
///
/// A pipe is switched to non-blocking reads (and back when reading ends), so a read never waits
/// for the writer; a regular file is read as fast as the loop turns. Each turn reads at most
/// ``maximumBytesPerTurn``, so a fast writer cannot starve the keys.
@MainActor
public final class StandardInputReader {
  /// The descriptor read.
  public let fileDescriptor: Int32
  /// The most bytes read in one turn of the run loop before keys and drawing get theirs.
  public var maximumBytesPerTurn = 4 << 20
  /// Bytes read so far.
  public private(set) var bytesRead = 0
  /// Whether the end was reached (or reading failed, or was cancelled).
  public private(set) var isFinished = false

  private var source: (any DispatchSourceRead)?
  private var buffer: UnsafeMutableRawBufferPointer
  private var savedFlags: Int32?
  private var onData: ((UnsafeRawBufferPointer) -> Void)?
  private var onEnd: ((FileError?) -> Void)?

  /// A reader of `fileDescriptor` (standard input unless given), reading `chunkSize` bytes at a
  /// time: from 1 to 64 MiB, the buffer it allocates (a larger read gains nothing).
  public init(fileDescriptor: Int32 = STDIN_FILENO, chunkSize: Int = 1 << 20) {
    self.fileDescriptor = fileDescriptor
    buffer = .allocate(byteCount: min(max(1, chunkSize), 64 << 20), alignment: 16)
  }

  isolated deinit {
    source?.cancel()
    buffer.deallocate()
  }

  /// Whether the descriptor is a terminal: then it holds keys, not data (the user typed `app`
  /// with nothing piped in), and an app usually says so rather than read it.
  public nonisolated var isTerminal: Bool { isatty(fileDescriptor) == 1 }

  /// Starts reading. `onData` gets each chunk as it arrives (the bytes are valid only during
  /// the call: copy what you keep); `onEnd` is called once, at end of file with nil or with the
  /// error that stopped the reading (``FileError``, naming the descriptor).
  public func start(
    onData: @escaping @MainActor (UnsafeRawBufferPointer) -> Void,
    onEnd: @escaping @MainActor (FileError?) -> Void
  ) {
    guard source == nil, !isFinished else { return }
    self.onData = onData
    self.onEnd = onEnd
    let flags = fcntl(fileDescriptor, F_GETFL)
    if flags >= 0 && flags & O_NONBLOCK == 0 {
      savedFlags = flags
      _ = fcntl(fileDescriptor, F_SETFL, flags | O_NONBLOCK)
    }
    let source = DispatchSource.makeReadSource(fileDescriptor: fileDescriptor, queue: .main)
    source.setEventHandler { [weak self] in
      MainActor.assumeIsolated { self?.readAvailable() }
    }
    source.resume()
    self.source = source
  }

  /// Stops reading; `onEnd` is not called.
  public func cancel() {
    onEnd = nil
    stop()
  }

  private func readAvailable() {
    var taken = 0
    while taken < maximumBytesPerTurn, !isFinished {
      let n = Glibc.read(fileDescriptor, buffer.baseAddress, buffer.count)
      if n > 0 {
        taken += n
        bytesRead += n
        onData?(UnsafeRawBufferPointer(rebasing: buffer[0..<n]))
      } else if n == 0 {
        finish(nil)
      } else if errno == EINTR {
        continue
      } else if errno == EAGAIN || errno == EWOULDBLOCK {
        return
      } else {
        finish(FileError(errno: errno, operation: .read, path: "standard input"))
      }
    }
  }

  private func finish(_ error: FileError?) {
    let handler = onEnd
    stop()
    handler?(error)
  }

  private func stop() {
    guard !isFinished else { return }
    isFinished = true
    source?.cancel()
    source = nil
    onData = nil
    onEnd = nil
    if let savedFlags { _ = fcntl(fileDescriptor, F_SETFL, savedFlags) }
  }
}
