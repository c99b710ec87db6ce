import Foundation
import ResponderKit

/// A tree of three top-level items, each with three children of three leaves; or, when
/// `count` is set, the top-level count a hostile conformer answers.
@MainActor final class CensusTree: OutlineViewDataSource {
  var count = 3
  func outlineView(_ outlineView: OutlineView, numberOfChildrenOfItem item: AnyHashable?) -> Int {
    guard let path = item?.base as? String else { return count }
    return path.count < 3 ? 3 : 0
  }
  func outlineView(_ outlineView: OutlineView, child index: Int, ofItem item: AnyHashable?) -> AnyHashable {
    ((item?.base as? String) ?? "") + String(index % 10)
  }
  func outlineView(_ outlineView: OutlineView, isItemExpandable item: AnyHashable) -> Bool {
    ((item.base as? String)?.count ?? 3) < 3
  }
}

extension CensusStage {
  /// A shown, focused outline over a kept tree, its first item expanded.
  func outline(_ tree: CensusTree = CensusTree()) -> OutlineView {
    keep(tree)
    let outline = OutlineView()
    outline.dataSource = tree
    outline.expandItem("0")
    return show(outline)
  }

  /// A shown tab view of three pages.
  func tabs() -> TabView {
    let tabs = TabView()
    for label in ["One", "Two", "Three"] {
      tabs.addTabViewItem(TabViewItem(label: label, view: Label(text: label)))
    }
    return show(tabs)
  }
}

extension CensusEntry {
  @MainActor static let outlinesAndTabs: [CensusEntry] = [
    CensusEntry("ResponderKit.OutlineView.init(frame:) frame: Rect", .geometry) { stage, v in
      let tree = CensusTree()
      stage.keep(tree)
      let outline = OutlineView(frame: v)
      outline.dataSource = tree
      return stage.frameBeforeShowing(outline)
    },
    property(
      "ResponderKit.OutlineView.indentationPerLevel: Int", countRule, { OutlineView() }, \.indentationPerLevel
    ),
    CensusEntry("ResponderKit.OutlineView.item(atRow:) atRow: Int", CensusAnswer<Int>.accepted) { stage, v in
      let outline = stage.outline()
      stage.expect((outline.item(atRow: v) != nil) == (0..<outline.numberOfRows).contains(v))
      return nil
    },
    CensusEntry("ResponderKit.OutlineView.level(forRow:) forRow: Int", CensusAnswer<Int>.accepted) {
      stage, v in
      let outline = stage.outline()
      stage.expect((outline.level(forRow: v) != nil) == (0..<outline.numberOfRows).contains(v))
      return nil
    },
    CensusEntry(
      "ResponderKit.OutlineViewDataSource.outlineView(_:numberOfChildrenOfItem:) -> Int",
      CensusAnswer<Int>.accepted
    ) { stage, v in
      let tree = CensusTree()
      tree.count = v
      let outline = stage.outline(tree)
      stage.driver.press("End")
      stage.expect((0...OutlineView.maximumNumberOfChildren + 3).contains(outline.numberOfRows))
      return nil
    },

    CensusEntry("ResponderKit.TabView.init(frame:) frame: Rect", .geometry) { stage, v in
      stage.frameBeforeShowing(TabView(frame: v))
    },
    CensusEntry("ResponderKit.TabView.insertTabViewItem(_:at:) at: Int", CensusAnswer<Int>.accepted) {
      stage, v in
      let tabs = stage.tabs()
      tabs.insertTabViewItem(TabViewItem(label: "New"), at: v)
      stage.expect(tabs.numberOfTabViewItems == 4)
      return nil
    },
    CensusEntry("ResponderKit.TabView.tabViewItem(at:) at: Int", CensusAnswer<Int>.accepted) { stage, v in
      stage.expect((stage.tabs().tabViewItem(at: v) != nil) == (0..<3).contains(v))
      return nil
    },
    CensusEntry("ResponderKit.TabView.selectTabViewItem(at:) at: Int", CensusAnswer<Int>.accepted) {
      stage, v in
      let tabs = stage.tabs()
      stage.expect(tabs.selectTabViewItem(at: v) == (0..<3).contains(v))
      return nil
    },
    CensusEntry("ResponderKit.TabView.tabViewItem(at:) at: Point", CensusAnswer<Point>.accepted) { stage, v in
      _ = stage.tabs().tabViewItem(at: v)
      return nil
    },
  ]
}
