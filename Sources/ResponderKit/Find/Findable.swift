/// A view whose text the find bar can search: ``TextView`` and ``TextField`` adopt it, and so
/// can any view (a table searching its rows) by implementing two methods and adding
/// ``findActions(to:)`` to its action table.
///
/// The query is the find pasteboard's text (``Pasteboard/find``), so Find Next (F3) keeps
/// working after the bar closed, and in another view.
@MainActor
public protocol Findable: Responder {
  /// Selects the next match of `query` after the selection (`backward`: the previous one
  /// before it), wrapping around the end, and scrolls it into view.
  func selectMatch(of query: String, backward: Bool, caseSensitive: Bool) -> FindResult

  /// Highlights every visible match of `query` (nil: none), while the find bar is open.
  func highlightMatches(of query: String?, caseSensitive: Bool)
}

/// What a find step found.
public enum FindResult: Sendable, Hashable {
  /// A match after (or before) the selection.
  case found
  /// A match, found after wrapping around the end (or the start).
  case wrapped
  /// No match anywhere.
  case notFound
}

extension Findable {
  /// Adds the find actions to an action table: ``Action/performFindPanelAction`` opens the
  /// find bar for this view, ``Action/findNext`` and ``Action/findPrevious`` step through the
  /// matches of ``Pasteboard/find``'s text.
  public static func findActions(to table: inout ActionTable.Builder<Self>) {
    table.add(.performFindPanelAction) { view in FindPanel.show(for: view) }
    table.add(.findNext) { $0.performFindStep(backward: false) }
    table.add(.findPrevious) { $0.performFindStep(backward: true) }
  }

  /// A step through the matches: the result goes to the find bar's status when it is open.
  func performFindStep(backward: Bool) {
    guard let query = Pasteboard.find.localString, !query.isEmpty else { return }
    let caseSensitive = FindPanel.current?.isCaseSensitive ?? false
    let result = selectMatch(of: query, backward: backward, caseSensitive: caseSensitive)
    FindPanel.current?.show(result)
  }

  /// Whether a find action can run: Find Next and Previous need a query.
  func canPerformFindAction(_ action: Action) -> Bool? {
    switch action {
    case .performFindPanelAction: return true
    case .findNext, .findPrevious: return !(Pasteboard.find.localString ?? "").isEmpty
    default: return nil
    }
  }
}
