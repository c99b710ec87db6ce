import CEpoll
import CoreFoundation
import Glibc

/// Calls its handler on the main thread when the terminal has input, woken by the main run loop
/// itself rather than by libdispatch.
///
/// A Dispatch read source on the main queue is watched by libdispatch's manager thread, which
/// wakes for the input, wakes the main queue, and re-arms the descriptor after the handler: about
/// a quarter of a key's CPU (`Benchmarks/LatencyBenchmarks`). This is a version 1 run loop source
/// whose port is a private epoll descriptor holding the terminal's: the run loop's own wait
/// (epoll on Linux) returns when the terminal is readable, and the handler runs at once on the
/// thread that waited. The port is an epoll descriptor, not the terminal's, because the run loop
/// acknowledges a wake-up by reading 8 bytes from the port (eventfd semantics): from an epoll
/// descriptor that read fails harmlessly, from the terminal it would swallow input. It is the
/// way swift-corelibs-foundation's own `CFFileDescriptor` is built on Linux. The descriptor is
/// level-triggered, so input the handler leaves unread wakes the loop again.
@MainActor
final class TerminalInputSource {
  /// The epoll descriptor holding the terminal's descriptor: the run loop source's port.
  nonisolated private let port: Int32
  private let descriptor: Int32
  private let handler: @MainActor () -> Void
  private var source: CFRunLoopSource?
  private var isWatching = false

  /// Watches `descriptor` for input from the main run loop (common modes).
  init(descriptor: Int32, handler: @escaping @MainActor () -> Void) throws {
    let port = epoll_create1(Int32(EPOLL_CLOEXEC))
    guard port >= 0 else { throw TerminalError.systemCall(call: "epoll_create1", errno: errno) }
    self.port = port
    self.descriptor = descriptor
    self.handler = handler
    try watch(true)
    var context = CFRunLoopSourceContext1()
    context.version = 1
    context.info = Unmanaged.passUnretained(self).toOpaque()
    context.getPort = { info in TerminalInputSource.source(info).port }
    context.perform = { info in MainActor.assumeIsolated { TerminalInputSource.source(info).handler() } }
    // CFRunLoopSourceCreate reads a version 1 context when `version` is 1.
    source = withUnsafeMutablePointer(to: &context) {
      let context = UnsafeMutableRawPointer($0).assumingMemoryBound(to: CFRunLoopSourceContext.self)
      return CFRunLoopSourceCreate(kCFAllocatorDefault, 0, context)
    }
    CFRunLoopAddSource(CFRunLoopGetMain(), source, kCFRunLoopCommonModes)
  }

  /// The source a callback's `info` points to (unretained: the host keeps it until ``cancel()``).
  nonisolated private static func source(_ info: UnsafeMutableRawPointer?) -> TerminalInputSource {
    Unmanaged<TerminalInputSource>.fromOpaque(info!).takeUnretainedValue()
  }

  /// Stops calling the handler until ``resume()`` (in the background, where a read would stop
  /// the process).
  func suspend() { try? watch(false) }

  /// Calls the handler for input again after ``suspend()``.
  func resume() { try? watch(true) }

  /// Stops for good and closes the epoll descriptor.
  func cancel() {
    guard let source else { return }
    CFRunLoopSourceInvalidate(source)
    self.source = nil
    close(port)
  }

  private func watch(_ on: Bool) throws {
    guard on != isWatching else { return }
    var event = epoll_event()
    event.events = EPOLLIN.rawValue
    event.data.fd = descriptor
    guard epoll_ctl(port, on ? EPOLL_CTL_ADD : EPOLL_CTL_DEL, descriptor, &event) == 0 else {
      throw TerminalError.systemCall(call: "epoll_ctl", errno: errno)
    }
    isWatching = on
  }
}
