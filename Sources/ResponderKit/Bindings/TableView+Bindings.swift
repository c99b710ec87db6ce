import Foundation
import Observation

extension TableView {
  /// Keeps the rows of one section in step with a collection property of an `@Observable`
  /// model: when the collection changes, the table is told which rows were deleted, inserted
  /// or moved (``deleteRows(at:)``, ``insertRows(at:)``, ``moveRow(at:to:)``, so the selection
  /// follows its row), found by diffing the old elements against the new with
  /// `CollectionDifference`, once per frame however many changes were made.
  ///
  /// The table's ``dataSource`` still answers the counts and cells, reading the same model;
  /// the binding only tells the table what changed, as a controller calling `insertRows`
  /// after editing its model does by hand. Elements replaced in place (the same positions
  /// removed and inserted: a renamed file) reload their rows and keep the selection; any other
  /// change of an element's value counts as a deletion and an insertion.
  ///
  /// - Parameters:
  ///   - model: The `@Observable` object; held weakly.
  ///   - keyPath: The collection whose elements are the rows.
  ///   - section: The section the rows fill.
  /// - Returns: The binding, owned by this table; keep it only to invalidate it early.
  @discardableResult
  public func bindRows<Model: AnyObject & Observable, Rows: Collection>(
    to model: Model, _ keyPath: KeyPath<Model, Rows>, section: Int = 0
  ) -> ValueBinding where Rows.Element: Hashable {
    var shown: [Rows.Element]?
    let binding = ValueBinding(view: self, key: \TableView.self) { [weak self, weak model] binding in
      guard let self, let model else { return false }
      let rows = withObservationTracking {
        Array(model[keyPath: keyPath])
      } onChange: { [weak binding, generation = binding.generation] in
        ValueBinding.modelWillChange(binding, generation: generation)
      }
      if let old = shown {
        applyRowChanges(from: old, to: rows, section: section)
      } else {
        reloadData()
      }
      shown = rows
      return true
    }
    attach(binding)
    return binding
  }

  /// Tells the table how `old` became `new`: one move as a move (the selection follows it),
  /// otherwise the removals (old index paths) then the insertions (new ones). The common
  /// prefix and suffix are skipped first, so one insertion into a long list costs a scan, not
  /// a diff of the whole list.
  private func applyRowChanges<Element: Hashable>(from old: [Element], to new: [Element], section: Int) {
    let shorter = min(old.count, new.count)
    var prefix = 0
    while prefix < shorter, old[prefix] == new[prefix] { prefix += 1 }
    var suffix = 0
    while suffix < shorter - prefix, old[old.count - 1 - suffix] == new[new.count - 1 - suffix] {
      suffix += 1
    }
    let difference = new[prefix..<(new.count - suffix)]
      .difference(from: old[prefix..<(old.count - suffix)]).inferringMoves()
    guard !difference.isEmpty else { return }
    func indexPath(_ offset: Int) -> IndexPath { IndexPath(row: prefix + offset, section: section) }
    if difference.removals.count == 1, difference.insertions.count == 1,
      case .remove(let from, _, let associated?) = difference.removals[0],
      case .insert(let to, _, _) = difference.insertions[0], associated == to
    {
      moveRow(at: indexPath(from), to: indexPath(to))
      return
    }
    // Elements replaced in place (a renamed file) are those rows reloaded: the rows stay, and
    // so does the selection, as AppKit's reloadData(forRowIndexes:columnIndexes:) keeps it.
    let removed = difference.removals.map(\.offset)
    if removed == difference.insertions.map(\.offset) {
      reloadRows(at: removed.map(indexPath))
      return
    }
    if !difference.removals.isEmpty {
      deleteRows(at: difference.removals.map { indexPath($0.offset) })
    }
    if !difference.insertions.isEmpty {
      insertRows(at: difference.insertions.map { indexPath($0.offset) })
    }
  }
}

extension CollectionDifference.Change {
  /// The position the change applies at: in the old collection for a removal, the new one
  /// for an insertion.
  fileprivate var offset: Int {
    switch self {
    case .insert(let offset, _, _), .remove(let offset, _, _): offset
    }
  }
}
