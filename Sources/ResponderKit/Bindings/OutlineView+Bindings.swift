import Foundation
import Observation

extension OutlineView {
  /// Keeps the outline in step with a tree in an `@Observable` model: the top-level items are
  /// a collection of the model, each item's children a collection of the item (an
  /// `@Observable` class, so a change to its children is seen). When one of those the outline
  /// shows changes — the top level, or the children of an expanded item — the outline reloads
  /// that item's children (``reloadItem(_:reloadChildren:)``; the top level is
  /// ``reloadData()``) once per frame, keeping expanded items expanded and the selection with
  /// its item.
  ///
  /// The outline's ``TableView/dataSource`` still answers, reading the same model, with the
  /// nodes themselves as the items (`AnyHashable(node)`); the binding only tells the outline
  /// what changed, as a controller calling `reloadItem` after editing its model does by hand.
  /// Only the children of expanded items are observed, so a huge collapsed tree costs nothing.
  ///
  /// - Parameters:
  ///   - model: The `@Observable` object; held weakly.
  ///   - roots: The top-level items.
  ///   - children: An item's children.
  /// - Returns: The binding, owned by this outline; keep it only to invalidate it early.
  @discardableResult
  public func bindItems<Model: AnyObject & Observable, Node: Hashable, Children: Collection>(
    to model: Model, _ roots: KeyPath<Model, Children>, children: KeyPath<Node, Children>
  ) -> ValueBinding where Children.Element == Node {
    // What was shown, by expanded item (nil: the top level).
    var shown: [AnyHashable?: [Node]]?
    let binding = ValueBinding(view: self, key: \OutlineView.self) { [weak self, weak model] binding in
      guard let self, let model else { return false }
      let current = withObservationTracking {
        var read: [AnyHashable?: [Node]] = [nil: Array(model[keyPath: roots])]
        for item in expandedItemsParentsFirst {
          if let node = item.base as? Node { read[item] = Array(node[keyPath: children]) }
        }
        return read
      } onChange: { [weak binding, generation = binding.generation] in
        ValueBinding.modelWillChange(binding, generation: generation)
      }
      if let old = shown {
        if old[nil] != current[nil] {
          reloadData()
        } else {
          // Parents first; an item newly expanded (not in `old`) was just asked.
          for item in expandedItemsParentsFirst {
            if let before = old[item], before != current[item] { reloadItem(item, reloadChildren: true) }
          }
        }
      } else {
        reloadData()
      }
      shown = current
      return true
    }
    // A newly expanded item's children are observed from the next frame.
    let expansions = NotificationCenter.default.addMainActorObserver(
      forName: OutlineView.itemDidExpandNotification, object: self
    ) { [weak binding] _ in binding?.setNeedsUpdate() }
    binding.setCommitTeardown { expansions.cancel() }
    attach(binding)
    return binding
  }
}
