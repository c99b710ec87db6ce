import EventReplay

/// What the recording reader must do with any bytes: read them (as a file is read, invalid
/// UTF-8 replaced) into a recording whose written text reads back identical, or throw a
/// ``RecordingError`` naming a real line. The same bytes then drive ``RecordingGenerator``,
/// whose recording must survive write→read exactly.
public enum RecordingInvariants {
  /// The broken invariants for `input`, empty when all hold.
  public static func violations(_ input: [UInt8]) -> [String] {
    var problems: [String] = []
    let text = String(decoding: input, as: UTF8.self)
    let lineCount = text.utf8.count { $0 == UInt8(ascii: "\n") } + 1
    do {
      let recording = try Recording(parsing: text)
      problems += roundTripProblems(recording)
    } catch {
      if !(1...lineCount).contains(error.line) {
        problems.append("error names line \(error.line) of \(lineCount): \(error)")
      }
      if error.field.isEmpty || error.message.isEmpty {
        problems.append("error without field or message: \(error)")
      }
    }
    var random = ByteStream(input)
    problems += roundTripProblems(RecordingGenerator.recording(using: &random))
    return problems
  }

  /// Writes `recording` and reads it back: the result must be equal, scalar for scalar.
  public static func roundTripProblems(_ recording: Recording) -> [String] {
    let written = recording.text
    do {
      let again = try Recording(parsing: written)
      if again != recording || !again.text.unicodeScalars.elementsEqual(written.unicodeScalars) {
        let first = again.entries.indices.first {
          $0 >= recording.entries.count || again.entries[$0] != recording.entries[$0]
        }
        return [
          "read back differs (entry \(first.map(String.init) ?? "count/size")):\n\(written)\nvs\n\(again.text)"
        ]
      }
      return []
    } catch {
      return ["written text does not read back: \(error)\n\(written)"]
    }
  }
}
