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

  /// `decode(_:_:)` with a record goes through the record's kernel bytes: the same events,
  /// timestamps included, as decoding those bytes.
  @Test func oneRecordAtATimeDecodesLikeItsBytes() throws {
    let list: [(UInt32, Int32)] = [
      (Key.leftShift, 1), (Key.a, 1), (Key.a, 2), (Key.a, 0), (Key.leftShift, 0), (Key.leftControl, 1),
      (Key.c, 1), (Key.c, 0), (Key.leftControl, 0), (Key.a, 7),
    ]
    let bytes = records(list)
    let whole = EvdevDecoder(state: try makeState("us")).decode(bytes)
    let decoder = EvdevDecoder(state: try makeState("us"))
    var events: [KeyEvent] = []
    for start in stride(from: 0, to: bytes.count, by: EvdevRecord.size) {
      let record = try #require(bytes[start...].withUnsafeBytes { EvdevRecord(bytes: $0) })
      decoder.decode(record) { events.append($0) }
    }
    #expect(events == whole)
    #expect(events.count == 9)
    #expect(events.map(\.timestamp).last == 10.008)
    #expect(events[6].characters == "\u{3}")
    #expect(decoder.invalidRecordCount == 1)
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

  /// The decoder answers most keys inline and keeps its text-ignoring-modifiers state across
  /// keys, so over a long seeded stream (one read) its events must equal xkbcommon's full
  /// path on an identical state: Control and Shift held and released around other keys,
  /// Caps Lock, AltGr, dead keys, repeats, and the layout switched (Menu toggles de and ru).
  @Test func agreesWithTheFullPathOverModifiersLocksLayoutsAndRepeats() throws {
    let options = "grp:menu_toggle"
    let decoder = EvdevDecoder(state: try makeState("de,ru", options: options))
    let full = try makeState("de,ru", options: options)
    let menu: UInt32 = 127
    let keys: [UInt32] = [
      Key.leftControl, Key.leftShift, Key.capsLock, Key.rightAlt, Key.leftAlt, menu, Key.equal, 41, Key.q,
      Key.e, Key.a, Key.s, Key.c, Key.one, 3, Key.space, Key.enter, 14, 103,
    ]
    var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
    var held: [UInt32] = []
    var list: [(UInt32, Int32)] = []
    for _ in 0..<4_000 {
      seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      let roll = Int(seed >> 58)
      if let last = held.last, roll < 8 {
        list.append((last, 2))
      } else if !held.isEmpty, roll < 30 {
        list.append((held.remove(at: Int(seed >> 33) % held.count), 0))
      } else {
        let code = keys[Int((seed >> 33) % UInt64(keys.count))]
        guard !held.contains(code) else { continue }
        held.append(code)
        list.append((code, 1))
      }
    }
    var expected: [KeyEvent] = []
    for (index, (code, value)) in list.enumerated() {
      let timestamp = EvdevRecord(seconds: 10, microseconds: index * 1000, type: 1, code: 0, value: 0)
        .timestamp
      if value == 2 && !full.repeats(keyCode: code) { continue }
      let phase: KeyEvent.Phase = value == 0 ? .up : value == 1 ? .down : .repeat
      expected.append(full.keyEvent(forKeyCode: code, phase: phase, timestamp: timestamp))
    }
    let events = decoder.decode(records(list))
    #expect(events.count == expected.count)
    let mismatches = zip(events, expected).enumerated().filter { $0.element.0 != $0.element.1 }
    #expect(mismatches.prefix(3).map { "\($0.offset): \($0.element.0) ≠ \($0.element.1)" } == [])
    // The stream reached the transformations and the second layout.
    #expect(
      expected.contains {
        $0.modifierFlags.contains(.control) && $0.characters.unicodeScalars.first?.value ?? 0x20 < 0x20
      })
    #expect(expected.contains { $0.modifierFlags.contains(.capsLock) && $0.phase == .down })
    // … and a command modifier without Control on a typing key, which the decoder leaves to
    // the translator's other path for its second text.
    #expect(
      expected.contains {
        $0.modifierFlags.contains(.alt) && !$0.modifierFlags.contains(.control) && $0.phase == .down
          && !$0.characters.isEmpty
      })
    #expect(
      expected.contains { $0.characters.unicodeScalars.contains { (0x400..<0x500).contains($0.value) } })
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
