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
  /// after editing its model does by hand. An element whose value changed counts as deleted
  /// and inserted, so its cell is made again.
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
        applyRowChanges(rows.difference(from: old).inferringMoves(), section: section)
      } else {
        reloadData()
      }
      shown = rows
      return true
    }
    attach(binding)
    return binding
  }

  /// Tells the table about a difference: one move as a move (the selection follows it),
  /// otherwise the removals (old index paths) then the insertions (new ones).
  private func applyRowChanges(_ difference: CollectionDifference<some Hashable>, section: Int) {
    guard !difference.isEmpty else { return }
    if difference.removals.count == 1, difference.insertions.count == 1,
      case .remove(let from, _, let associated?) = difference.removals[0],
      case .insert(let to, _, _) = difference.insertions[0], associated == to
    {
      moveRow(at: IndexPath(row: from, section: section), to: IndexPath(row: to, section: section))
      return
    }
    if !difference.removals.isEmpty {
      deleteRows(at: difference.removals.map { Self.indexPath(of: $0, section: section) })
    }
    if !difference.insertions.isEmpty {
      insertRows(at: difference.insertions.map { Self.indexPath(of: $0, section: section) })
    }
  }

  private static func indexPath(of change: CollectionDifference<some Hashable>.Change, section: Int)
    -> IndexPath
  {
    switch change {
    case .insert(let offset, _, _), .remove(let offset, _, _): IndexPath(row: offset, section: section)
    }
  }
}
