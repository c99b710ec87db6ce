import Dispatch
import Foundation
import ResponderKit
import Testing
import XKBKeyboard

@testable import TerminalHost

@Suite struct EvdevKeyboardSourceTests {
  /// Collects events delivered on the source's queue.
  final class Collector: @unchecked Sendable {
    var events: [KeyEvent] = []
  }

  @Test func pipeOfRecordsDecodesToKeyEventsUntilEnd() async throws {
    let keymap = try Keymap(names: RuleNames(layout: "de"), ignoringEnvironment: true)
    let state = try #require(KeyboardState(keymap: keymap))
    var fds: [Int32] = [0, 0]
    #expect(pipe(&fds) == 0)
    let queue = DispatchQueue(label: "evdev-test")
    let collector = Collector()
    let source = try EvdevKeyboardSource(
      fileDescriptor: fds[0], closesOnCancel: true, decoder: EvdevDecoder(state: state),
      queue: queue
    ) { collector.events.append($0) }

    var bytes: [UInt8] = []
    for (code, value) in [(100, 1), (16, 1), (16, 0), (100, 0), (44, 1), (44, 0)] {
      bytes += EvdevRecord(type: EvdevRecord.key, code: UInt16(code), value: Int32(value)).bytes
    }
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      source.onEnd = { continuation.resume() }
      source.resume()
      // A split inside a record must not lose or corrupt it.
      let writer = fds[1]
      let bytes = bytes
      DispatchQueue.global().async {
        bytes.withUnsafeBytes { raw in
          _ = write(writer, raw.baseAddress, 30)
          usleep(2000)
          _ = write(writer, raw.baseAddress! + 30, raw.count - 30)
        }
        close(writer)
      }
    }
    let events = queue.sync { collector.events }
    #expect(events.map(\.phase) == [.down, .down, .up, .up, .down, .up])
    #expect(events[1].characters == "@")
    #expect(events[4].characters == "y")  // KEY_Z on a German keyboard
  }

  @Test func missingDeviceIsAnOpenFailure() throws {
    let keymap = try Keymap(names: RuleNames(layout: "us"), ignoringEnvironment: true)
    let state = try #require(KeyboardState(keymap: keymap))
    let error = #expect(throws: EvdevKeyboardSource.Failure.self) {
      try EvdevKeyboardSource(
        devicePath: "/dev/input/no-such-event", decoder: EvdevDecoder(state: state),
        queue: DispatchQueue(label: "x")
      ) { _ in }
    }
    #expect(error?.operation == "open")
    #expect(error?.code == ENOENT)
  }
}
