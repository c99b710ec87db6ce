import ResponderKit
import Testing
import XKBKeyboard

@Suite struct EvdevDecoderTests {
  func records(_ list: [(UInt32, Int32)], type: UInt16 = EvdevRecord.key) -> [UInt8] {
    list.enumerated().flatMap { index, item in
      EvdevRecord(seconds: 10, microseconds: index * 1000, type: type, code: UInt16(item.0), value: item.1)
        .bytes
        + EvdevRecord(
          seconds: 10, microseconds: index * 1000, type: EvdevRecord.synchronization, code: 0, value: 0
        ).bytes
    }
  }

  @Test func recordIsTheKernelSize() {
    #expect(EvdevRecord.size == 24)
    let record = EvdevRecord(seconds: 3, microseconds: 250_000, type: 1, code: 30, value: 1)
    let bytes = record.bytes
    #expect(bytes.count == 24)
    #expect(bytes.withUnsafeBytes { EvdevRecord(bytes: $0) } == record)
    #expect(record.timestamp == 3.25)
  }

  @Test func shiftedLetterDecodesWithTimestamps() throws {
    let decoder = EvdevDecoder(state: try makeState("us"))
    let events = decoder.decode(records([(Key.leftShift, 1), (Key.a, 1), (Key.a, 0), (Key.leftShift, 0)]))
    #expect(events.map(\.keysym) == [.shiftL, Keysym(0x41), Keysym(0x41), .shiftL])
    #expect(events.map(\.phase) == [.down, .down, .up, .up])
    #expect(events[1].characters == "A")
    #expect(events[1].modifierFlags == .shift)
    #expect(events[1].timestamp == 10.001)
    #expect(events[1].keyCode == Key.a)
  }

  @Test func bytesSplitAnywhereDecodeTheSame() throws {
    let bytes = records([
      (Key.h, 1), (Key.h, 0), (Key.leftShift, 1), (Key.one, 1), (Key.one, 0), (Key.leftShift, 0),
    ])
    let whole = EvdevDecoder(state: try makeState("us")).decode(bytes)
    for chunk in [1, 5, 23, 25, 47] {
      let decoder = EvdevDecoder(state: try makeState("us"))
      var events: [KeyEvent] = []
      var start = 0
      while start < bytes.count {
        let end = min(start + chunk, bytes.count)
        events += decoder.decode(Array(bytes[start..<end]))
        start = end
      }
      #expect(events == whole, "chunk \(chunk)")
      #expect(decoder.pendingByteCount == 0)
    }
    #expect(whole.map(\.characters).joined() == "h!")
  }

  @Test func repeatsOfModifiersAreDroppedAndLettersKept() throws {
    let decoder = EvdevDecoder(state: try makeState("us"))
    let events = decoder.decode(
      records([(Key.leftShift, 1), (Key.leftShift, 2), (Key.a, 1), (Key.a, 2), (Key.a, 2), (Key.a, 0)]))
    #expect(events.map(\.phase) == [.down, .down, .repeat, .repeat, .up])
    #expect(events[2].characters == "A")
  }

  @Test func nonKeyRecordsAreSkippedAndBadValuesCounted() throws {
    let decoder = EvdevDecoder(state: try makeState("us"))
    var bytes = EvdevRecord(type: 4, code: 4, value: 30).bytes  // EV_MSC scan code
    bytes += EvdevRecord(type: EvdevRecord.key, code: UInt16(Key.a), value: 7).bytes
    bytes += EvdevRecord(type: EvdevRecord.key, code: UInt16(Key.a), value: 1).bytes
    let events = decoder.decode(bytes)
    #expect(events.count == 1)
    #expect(decoder.invalidRecordCount == 1)
  }
}

/// Bytes from a device or a file are outside input: too few for a record is an answer (nil),
/// never a stopped process.
@Suite struct EvdevRecordShortInputTests {
  @Test(arguments: [0, 3, 23])
  func fewerBytesThanARecordGiveNil(count: Int) {
    let bytes = [UInt8](repeating: 1, count: count)
    #expect(bytes.withUnsafeBytes { EvdevRecord(bytes: $0) } == nil)
  }
}
