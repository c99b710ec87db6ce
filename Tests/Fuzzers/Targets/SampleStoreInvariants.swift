import Foundation

/// What the samples' JSON stores must do with any bytes, decoded exactly as the samples decode
/// them (`ChecklistsStore.load` and `NotesFile.load` use `JSONDecoder` on these types, whose
/// files are linked into this target): a value or a decoding error, and a value that encodes
/// and decodes back to itself. The first byte picks the store.
public enum SampleStoreInvariants {
  /// The broken invariants for `input`, empty when all hold.
  public static func violations(_ input: [UInt8]) -> [String] {
    guard let mode = input.first else { return [] }
    let data = Data(input.dropFirst())
    if mode % 2 == 0 {
      guard let file = try? JSONDecoder().decode(ChecklistsFile.self, from: data) else { return [] }
      // Ids are not saved, so compare what is.
      let saved = { (file: ChecklistsFile) in
        [String(file.version)]
          + file.checklists.flatMap { [$0.name] + $0.items.map { "\($0.checked) \($0.text)" } }
      }
      guard let encoded = try? JSONEncoder().encode(file),
        let again = try? JSONDecoder().decode(ChecklistsFile.self, from: encoded)
      else { return ["a checklists file that decoded does not encode and decode again"] }
      return saved(again) == saved(file) ? [] : ["checklists differ after encode and decode"]
    } else {
      guard let notes = try? JSONDecoder().decode([Note].self, from: data) else { return [] }
      guard let encoded = try? JSONEncoder().encode(notes),
        let again = try? JSONDecoder().decode([Note].self, from: encoded)
      else { return ["notes that decoded do not encode and decode again"] }
      return again == notes ? [] : ["notes differ after encode and decode"]
    }
  }
}
