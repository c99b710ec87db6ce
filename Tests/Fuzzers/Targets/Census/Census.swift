/// The census of public numeric inputs (README, "Reliability"): one ``CensusEntry`` for every
/// line `PublicNumericAPI` derives from the symbol graphs. `NumericAPICensusTests` fails
/// naming any public input without an entry (and any entry naming nothing), runs every entry
/// with every value its type allows, and prints how many it tried; the `census` fuzz target
/// runs random entries with random values and random events.
///
/// To cover a new input, add a line to the table of its module's file
/// (`CensusEntries+Values.swift`, `+Views`, `+Containers`, `+Interaction`, `+Host`): its key exactly as the
/// failure prints it, its answer (`.geometry`, `.screen`, `.clamped(to:)`, `.stored`,
/// `.accepted`...) and a probe that hands it the value on the stage and reads it back.
public enum Census {
  /// Every entry, sorted by key.
  @MainActor public static let entries: [CensusEntry] =
    (CensusEntry.values + CensusEntry.views + CensusEntry.containers
    + CensusEntry.interaction + CensusEntry.host + CensusEntry.tableColumns
    + CensusEntry.outlinesAndTabs + CensusEntry.documents + CensusEntry.panes + CensusEntry.damage).sorted {
      $0.key < $1.key
    }

  /// The entry for `key`.
  @MainActor public static func entry(_ key: String) -> CensusEntry? { entries.first { $0.key == key } }
}
