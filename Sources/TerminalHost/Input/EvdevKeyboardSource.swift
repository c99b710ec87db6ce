import Dispatch
import Foundation
import ResponderKit
import XKBKeyboard

#if canImport(Glibc)
  import Glibc
#endif

/// Reads evdev `input_event` records from a keyboard device (or any stream of the same
/// records, such as a pipe or a recording) and delivers decoded key events.
///
/// Reading `/dev/input/event*` needs root or the `input` group, works only on the machine the
/// keyboard is attached to, and sees every keystroke; use it only where the user asked for
/// it (kiosks, console tools, test rigs). Grabbing takes the keyboard away from the console
/// or compositor until the source is cancelled.
///
/// Everything (reading, decoding, the handlers) runs on the queue given at creation, which
/// must be serial; the decoder must not be used elsewhere meanwhile.
public final class EvdevKeyboardSource: @unchecked Sendable {
  /// Why opening or reading failed.
  public struct Failure: Error, Hashable, Sendable, CustomStringConvertible {
    /// The operation that failed: `open`, `grab`, `fcntl` or `read`.
    public var operation: String
    /// The device path, or `fd N`.
    public var source: String
    /// The `errno` value.
    public var code: Int32

    /// Creates a failure.
    public init(operation: String, source: String, code: Int32) {
      self.operation = operation
      self.source = source
      self.code = code
    }

    /// `open /dev/input/event3: Permission denied (errno 13)`.
    public var description: String {
      "\(operation) \(source): \(String(cString: strerror(code))) (errno \(code))"
    }
  }

  /// `EVIOCGRAB`, `_IOW('E', 0x90, int)`.
  private static let grabRequest: UInt = 0x4004_4590

  private let fileDescriptor: Int32
  private let closesOnCancel: Bool
  private let grabbed: Bool
  private let sourceName: String
  private let decoder: EvdevDecoder
  private let queue: DispatchQueue
  private let handler: (KeyEvent) -> Void
  private var readSource: (any DispatchSourceRead)?
  private var buffer = [UInt8](repeating: 0, count: EvdevRecord.size * 64)

  /// Called on the queue when the stream ends (the writer closed it or the device went away).
  public var onEnd: (() -> Void)?
  /// Called on the queue when a read fails; the source is cancelled first.
  public var onFailure: ((Failure) -> Void)?

  /// Reads records from an open file descriptor, which is switched to non-blocking mode.
  ///
  /// - Parameters:
  ///   - fileDescriptor: A readable descriptor delivering `input_event` records.
  ///   - closesOnCancel: Whether ``cancel()`` closes the descriptor.
  ///   - decoder: Turns the records into key events.
  ///   - queue: A serial queue for reading and for `handler`.
  ///   - handler: Receives each key event in order.
  /// - Throws: ``Failure`` when the descriptor cannot be made non-blocking.
  public convenience init(
    fileDescriptor: Int32, closesOnCancel: Bool = false, decoder: EvdevDecoder,
    queue: DispatchQueue, handler: @escaping (KeyEvent) -> Void
  ) throws(Failure) {
    try self.init(
      fileDescriptor: fileDescriptor, closesOnCancel: closesOnCancel, grabbed: false,
      sourceName: "fd \(fileDescriptor)", decoder: decoder, queue: queue, handler: handler)
  }

  /// Opens a device node, optionally grabbing it (`EVIOCGRAB`) so no one else gets its keys.
  ///
  /// - Throws: ``Failure`` naming the path and the `errno` of `open` or the grab.
  public convenience init(
    devicePath: String, grab: Bool = false, decoder: EvdevDecoder, queue: DispatchQueue,
    handler: @escaping (KeyEvent) -> Void
  ) throws(Failure) {
    let fd = open(devicePath, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    guard fd >= 0 else { throw Failure(operation: "open", source: devicePath, code: errno) }
    if grab, ioctl(fd, EvdevKeyboardSource.grabRequest, CInt(1)) != 0 {
      let code = errno
      close(fd)
      throw Failure(operation: "grab", source: devicePath, code: code)
    }
    do {
      try self.init(
        fileDescriptor: fd, closesOnCancel: true, grabbed: grab, sourceName: devicePath,
        decoder: decoder, queue: queue, handler: handler)
    } catch {
      close(fd)
      throw error
    }
  }

  private init(
    fileDescriptor: Int32, closesOnCancel: Bool, grabbed: Bool, sourceName: String,
    decoder: EvdevDecoder, queue: DispatchQueue, handler: @escaping (KeyEvent) -> Void
  ) throws(Failure) {
    let flags = fcntl(fileDescriptor, F_GETFL)
    guard flags >= 0, fcntl(fileDescriptor, F_SETFL, flags | O_NONBLOCK) == 0 else {
      throw Failure(operation: "fcntl", source: sourceName, code: errno)
    }
    self.fileDescriptor = fileDescriptor
    self.closesOnCancel = closesOnCancel
    self.grabbed = grabbed
    self.sourceName = sourceName
    self.decoder = decoder
    self.queue = queue
    self.handler = handler
  }

  /// Starts reading. Set ``onEnd`` and ``onFailure`` before.
  public func resume() {
    queue.async { [self] in
      guard readSource == nil else { return }
      let source = DispatchSource.makeReadSource(fileDescriptor: fileDescriptor, queue: queue)
      source.setEventHandler { [self] in readAvailable() }
      source.setCancelHandler { [self] in
        if grabbed { _ = ioctl(fileDescriptor, EvdevKeyboardSource.grabRequest, CInt(0)) }
        if closesOnCancel { close(fileDescriptor) }
      }
      readSource = source
      source.resume()
    }
  }

  /// Stops reading, releases a grab and closes a descriptor this source opened.
  public func cancel() {
    queue.async { [self] in cancelOnQueue() }
  }

  private func cancelOnQueue() {
    readSource?.cancel()
    readSource = nil
  }

  /// Reads until the descriptor would block, decoding as it goes.
  private func readAvailable() {
    while readSource != nil {
      let count = buffer.withUnsafeMutableBytes { read(fileDescriptor, $0.baseAddress, $0.count) }
      if count > 0 {
        buffer.withUnsafeBytes { bytes in
          decoder.decode(UnsafeRawBufferPointer(rebasing: bytes[0..<count]), handler)
        }
      } else if count == 0 {
        cancelOnQueue()
        onEnd?()
        return
      } else {
        let code = errno
        if code == EINTR { continue }
        if code == EAGAIN || code == EWOULDBLOCK { return }
        cancelOnQueue()
        onFailure?(Failure(operation: "read", source: sourceName, code: code))
        return
      }
    }
  }
}
