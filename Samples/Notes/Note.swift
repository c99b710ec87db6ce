/// One note: a title and a body of several lines.
struct Note: Codable, Equatable, Sendable {
  var title: String
  var body: String

  /// The first non-empty line of the body, as the list shows it.
  var firstLine: String {
    body.split(separator: "\n", omittingEmptySubsequences: true).first.map(String.init) ?? ""
  }

  /// What the list shows for a note with no title.
  var displayTitle: String { title.isEmpty ? "Untitled" : title }
}
