import Foundation
import Observation
import ResponderKit

/// A table's data source of three sections of four rows, with titles; or, when `counts` or
/// `heights` are set, the counts and heights those give (a conformer's hostile answers).
@MainActor final class CensusRows: TableViewDataSource, TableViewRowHeightDelegate {
  var sections: Int = 3
  var rows: Int = 4
  var height: Int = 1
  var selectTo: IndexPath?
  func numberOfSections(in tableView: TableView) -> Int { sections }
  func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { rows }
  func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? {
    "Section \(section)"
  }
  func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
    let cell = tableView.dequeueReusableCell(withIdentifier: "row") ?? TableViewCell(reuseIdentifier: "row")
    cell.text = "\(indexPath.section).\(indexPath.row)"
    return cell
  }
  func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> Int { height }
  func tableView(_ tableView: TableView, willSelectRowAt indexPath: IndexPath) -> IndexPath? {
    selectTo ?? indexPath
  }
}

/// Something for a timer or a menu to send actions to.
final class CensusTarget: Responder {}

extension CensusStage {
  /// A titled three-section data source, kept by the stage (a table holds it weakly).
  var rows: any TableViewDataSource { censusRows }

  /// A shown, focused table over ``rows``.
  func table() -> TableView {
    let table = TableView()
    table.dataSource = censusRows
    return show(table)
  }

  /// A menu of three items.
  var menu: Menu {
    Menu(title: "Menu", items: [MenuItem(title: "One"), MenuItem(title: "Two"), MenuItem(title: "Three")])
  }
}

extension CensusEntry {
  @MainActor static let containers: [CensusEntry] = [
    // Scroll views: 100×100 of content in a 30×8 view.
    CensusEntry("ResponderKit.ScrollView.contentOffset: Point", offsetRule) { stage, v in
      let scroll = stage.show(ScrollView())
      scroll.contentSize = Size(width: 100, height: 100)
      scroll.contentOffset = v
      return scroll.contentOffset
    },
    property("ResponderKit.ScrollView.contentSize: Size", contentSizeRule, { ScrollView() }, \.contentSize),
    property(
      "ResponderKit.ScrollView.lineScrollAmount: Double", distanceRule, { ScrollView() }, \.lineScrollAmount),
    property("ResponderKit.ScrollView.pageOverlap: Double", distanceRule, { ScrollView() }, \.pageOverlap),
    argument("ResponderKit.ScrollView.scrollRectToVisible(_:) rect: Rect", Rect.self, { ScrollView() }) {
      (scroll: ScrollView, v: Rect) in
      scroll.contentSize = Size(width: 100, height: 100)
      scroll.scrollRectToVisible(v)
      scroll.stage?.expect(scroll.contentOffset.isWithinContent(of: scroll), "offset \(scroll.contentOffset)")
    },

    // Stacks.
    property("ResponderKit.StackView.spacing: Double", .geometry, { censusStack() }, \.spacing),
    property(
      "ResponderKit.StackView.layoutMargins: EdgeInsets", .geometry, { censusStack() }, \.layoutMargins),
    CensusEntry(
      "ResponderKit.StackView.init(frame:arrangedSubviews:axis:spacing:) spacing: Double", .geometry
    ) {
      stage, v in
      stage.show(StackView(arrangedSubviews: [Label(text: "a"), Label(text: "b")], spacing: v)).spacing
    },
    argument(
      "ResponderKit.StackView.insertArrangedSubview(_:at:flexible:) at: Int", Int.self, { censusStack() }
    ) { stack, v in
      stack.insertArrangedSubview(Label(text: "new"), at: v)
    },

    // Tables.
    property("ResponderKit.TableView.rowHeight: Int", positiveCountRule, { censusTable() }, \.rowHeight),
    tableArgument("ResponderKit.TableView.cellForRow(at:) at: IndexPath", IndexPath.self) { table, v in
      _ = table.cellForRow(at: v)
    },
    tableArgument("ResponderKit.TableView.rectForRow(at:) at: IndexPath", IndexPath.self) { table, v in
      _ = table.rectForRow(at: v)
    },
    tableArgument("ResponderKit.TableView.deleteRows(at:) at: [IndexPath]", IndexPath.self) { table, v in
      table.deleteRows(at: [v])
    },
    tableArgument("ResponderKit.TableView.insertRows(at:) at: [IndexPath]", IndexPath.self) { table, v in
      table.insertRows(at: [v])
    },
    tableArgument("ResponderKit.TableView.reloadRows(at:) at: [IndexPath]", IndexPath.self) { table, v in
      table.reloadRows(at: [v])
    },
    tableArgument("ResponderKit.TableView.deselectRow(at:animated:) at: IndexPath", IndexPath.self) {
      table, v in table.deselectRow(at: v)
    },
    tableArgument("ResponderKit.TableView.moveRow(at:to:) at: IndexPath", IndexPath.self) { table, v in
      table.moveRow(at: v, to: IndexPath(row: 0, section: 0))
    },
    tableArgument("ResponderKit.TableView.moveRow(at:to:) to: IndexPath", IndexPath.self) {
      (table: TableView, v: IndexPath) in
      table.selectRow(at: IndexPath(row: 1, section: 0))
      table.moveRow(at: IndexPath(row: 1, section: 0), to: v)
    },
    tableArgument("ResponderKit.TableView.scrollToRow(at:at:animated:) at: IndexPath", IndexPath.self) {
      table, v in
      table.scrollToRow(at: v, at: .middle)
    },
    tableArgument(
      "ResponderKit.TableView.selectRow(at:animated:scrollPosition:) at: IndexPath?", IndexPath.self
    ) { table, v in
      table.selectRow(at: v, scrollPosition: .bottom)
    },
    tableArgument("ResponderKit.TableView.selectRow(at:notifyingDelegate:) at: IndexPath", IndexPath.self) {
      table, v in
      _ = table.selectRow(at: v, notifyingDelegate: true)
    },
    tableArgument("ResponderKit.TableView.indexPathForRow(at:) at: Point", Point.self) { table, v in
      _ = table.indexPathForRow(at: v)
    },
    tableArgument("ResponderKit.TableView.numberOfRows(inSection:) inSection: Int", Int.self) { table, v in
      table.stage?.expect(table.numberOfRows(inSection: v) == ((0..<3).contains(v) ? 4 : 0))
    },
    tableArgument("ResponderKit.TableView.bindRows(to:_:section:) section: Int", Int.self) { table, v in
      let model = CensusModel()
      table.stage?.keep(model)
      table.stage?.keep(table.bindRows(to: model, \.names, section: v))
    },
    answer("ResponderKit.TableViewDataSource.numberOfSections(in:) -> Int") { rows, v in rows.sections = v },
    answer("ResponderKit.TableViewDataSource.tableView(_:numberOfRowsInSection:) -> Int") { rows, v in
      rows.rows = v
    },
    answer("ResponderKit.TableViewRowHeightDelegate.tableView(_:heightForRowAt:) -> Int") { rows, v in
      rows.height = v
    },
    CensusEntry("ResponderKit.TableViewDelegate.tableView(_:willSelectRowAt:) -> IndexPath?", .accepted) {
      (stage: CensusStage, v: IndexPath) -> IndexPath? in
      let rows = stage.censusRows
      rows.selectTo = v
      let table = TableView()
      table.dataSource = rows
      table.delegate = rows
      stage.show(table)
      stage.driver.press("Down")
      stage.expect(table.indexPathForSelectedRow.map { table.rectForRow(at: $0) != .zero } ?? true)
      return nil
    },

    // Gestures.
    gesture(
      "ResponderKit.TapGestureRecognizer.numberOfTapsRequired: Int", positiveCountRule,
      { TapGestureRecognizer() }, \.numberOfTapsRequired),
    gesture(
      "ResponderKit.TapGestureRecognizer.numberOfTouchesRequired: Int", positiveCountRule,
      { TapGestureRecognizer() }, \.numberOfTouchesRequired),
    gesture(
      "ResponderKit.TapGestureRecognizer.allowableMovement: Double", distanceRule, { TapGestureRecognizer() },
      \.allowableMovement),
    gesture(
      "ResponderKit.TapGestureRecognizer.maximumTapDuration: TimeInterval", durationRule,
      { TapGestureRecognizer() }, \.maximumTapDuration),
    gesture(
      "ResponderKit.LongPressGestureRecognizer.numberOfTapsRequired: Int", countRule,
      { LongPressGestureRecognizer() }, \.numberOfTapsRequired),
    gesture(
      "ResponderKit.LongPressGestureRecognizer.numberOfTouchesRequired: Int", positiveCountRule,
      { LongPressGestureRecognizer() }, \.numberOfTouchesRequired),
    gesture(
      "ResponderKit.LongPressGestureRecognizer.allowableMovement: Double", distanceRule,
      { LongPressGestureRecognizer() }, \.allowableMovement),
    gesture(
      "ResponderKit.LongPressGestureRecognizer.minimumPressDuration: TimeInterval", durationRule,
      { LongPressGestureRecognizer() }, \.minimumPressDuration),
    gesture(
      "ResponderKit.PanGestureRecognizer.minimumNumberOfTouches: Int", positiveCountRule,
      { PanGestureRecognizer() }, \.minimumNumberOfTouches),
    gesture(
      "ResponderKit.PanGestureRecognizer.maximumNumberOfTouches: Int", positiveCountRule,
      { PanGestureRecognizer() }, \.maximumNumberOfTouches),
    gesture(
      "ResponderKit.PanGestureRecognizer.hysteresis: Double", distanceRule, { PanGestureRecognizer() },
      \.hysteresis),
    CensusEntry("ResponderKit.PanGestureRecognizer.setTranslation(_:in:) translation: Point", .geometry) {
      stage, v in
      let pan = PanGestureRecognizer()
      let view = stage.show(View())
      view.addGestureRecognizer(pan)
      pan.setTranslation(v, in: view)
      return pan.translation(in: view)
    },
    gesture(
      "ResponderKit.PinchGestureRecognizer.hysteresis: Double", distanceRule, { PinchGestureRecognizer() },
      \.hysteresis),
    gesture(
      "ResponderKit.PinchGestureRecognizer.scale: Double", scaleRule, { PinchGestureRecognizer() }, \.scale),
    gesture(
      "ResponderKit.RotationGestureRecognizer.hysteresis: Double", distanceRule,
      { RotationGestureRecognizer() }, \.hysteresis),
    gesture(
      "ResponderKit.RotationGestureRecognizer.rotation: Double", .geometry, { RotationGestureRecognizer() },
      \.rotation),
    gesture(
      "ResponderKit.SwipeGestureRecognizer.numberOfTouchesRequired: Int", positiveCountRule,
      { SwipeGestureRecognizer() }, \.numberOfTouchesRequired),
    gesture(
      "ResponderKit.SwipeGestureRecognizer.minimumDistance: Double", distanceRule,
      { SwipeGestureRecognizer() }, \.minimumDistance),
    gesture(
      "ResponderKit.SwipeGestureRecognizer.maximumDuration: TimeInterval", durationRule,
      { SwipeGestureRecognizer() }, \.maximumDuration),
    call("ResponderKit.GestureRecognizer.location(ofTouch:in:) ofTouch: Int", Int.self) { stage, v in
      let tap = TapGestureRecognizer()
      let view = stage.show(View())
      view.addGestureRecognizer(tap)
      stage.driver.tap(x: 3, y: 3)
      _ = tap.location(ofTouch: v, in: view)
    },

    // Menus and alerts.
    call("ResponderKit.Menu.insertItem(_:at:) at: Int", Int.self) { stage, v in
      let menu = stage.menu
      menu.insertItem(MenuItem(title: "New"), at: v)
      stage.expect(menu.items.count == 4)
    },
    call("ResponderKit.Menu.removeItem(at:) at: Int", Int.self) { stage, v in
      let menu = stage.menu
      menu.removeItem(at: v)
      stage.expect(menu.items.count == ((0..<3).contains(v) ? 2 : 3))
    },
    call("ResponderKit.Menu.performActionForItem(at:) at: Int", Int.self) { stage, v in
      _ = stage.menu.performActionForItem(at: v)
    },
    call("ResponderKit.Menu.popUp(at:in:) at: Point", Point.self) { stage, v in
      let menu = stage.menu
      stage.keep(menu)
      _ = menu.popUp(at: v, in: stage.root)
      _ = stage.driver.screen
      stage.driver.press("Escape")
    },
    argument(
      "ResponderKit.MenuBar.index(atColumn:) atColumn: Int", Int.self, { MenuBar(menu: censusMenuBarMenu()) }
    ) { bar, v in
      _ = bar.index(atColumn: v)
    },
    argument(
      "ResponderKit.MenuBar.openMenu(at:selectingFirstItem:) at: Int", Int.self,
      { MenuBar(menu: censusMenuBarMenu()) }
    ) {
      bar, v in
      bar.openMenu(at: v)
      _ = bar.window.map { _ in bar.closeMenu() }
    },
    argument(
      "ResponderKit.MenuBar.sizeThatFits(_:) size: Size", Size.self, { MenuBar(menu: censusMenuBarMenu()) }
    ) { bar, v in
      bar.frame.size = bar.sizeThatFits(v)
    },
    CensusEntry("ResponderKit.Alert.maximumTextWidth: Int", .clamped(to: 1...Int.max)) { stage, v in
      let alert = Alert(title: "Title", message: "A message long enough to wrap over a few lines")
      alert.maximumTextWidth = v
      alert.beginModal(for: stage.application)
      _ = stage.driver.screen
      stage.driver.press("Return")
      return alert.maximumTextWidth
    },
    call("ResponderKit.Alert.cancelButtonIndex: Int?", Int.self) { stage, v in
      let alert = Alert(title: "Title")
      _ = alert.addButton(withTitle: "OK")
      _ = alert.addButton(withTitle: "Cancel")
      alert.cancelButtonIndex = v
      alert.beginModal(for: stage.application)
      _ = stage.driver.screen
      stage.driver.press("Escape")
      stage.driver.press("Return")
    },
    call("ResponderKit.Alert.performButton(at:) at: Int", Int.self) { stage, v in
      let alert = Alert(title: "Title")
      _ = alert.addButton(withTitle: "OK")
      alert.beginModal(for: stage.application)
      _ = stage.driver.screen
      alert.performButton(at: v)
      stage.driver.press("Return")
    },

    // Timers and undo.
    call("ResponderKit.Application.scheduleTimer(after:repeating:_:) after: TimeInterval", Double.self) {
      stage, v in
      var fired = 0
      stage.application.scheduleTimer(after: v) { _ in fired += 1 }
      stage.driver.advance(by: 1)
      stage.expect(fired <= 1, "a one-shot timer fired \(fired) times")
    },
    call("ResponderKit.Application.scheduleTimer(after:repeating:_:) repeating: TimeInterval?", Double.self) {
      stage, v in
      var fired = 0
      let timer = stage.application.scheduleTimer(after: 0.1, repeating: v) { _ in fired += 1 }
      stage.driver.advance(by: 1)
      timer.invalidate()
      // At most one fire per minimum interval (Foundation's 0.1 ms).
      stage.expect(fired <= 10_001, "a repeating timer fired \(fired) times in a second")
    },
    call(
      "ResponderKit.Application.scheduleTimer(after:repeating:target:action:) after: TimeInterval",
      Double.self
    ) { stage, v in
      let target = CensusTarget()
      stage.keep(target)
      stage.application.scheduleTimer(after: v, target: target, action: .copy)
      stage.driver.advance(by: 1)
    },
    call(
      "ResponderKit.Application.scheduleTimer(after:repeating:target:action:) repeating: TimeInterval?",
      Double.self
    ) { stage, v in
      let target = CensusTarget()
      stage.keep(target)
      let timer = stage.application.scheduleTimer(after: 0.1, repeating: v, target: target, action: .copy)
      stage.driver.advance(by: 1)
      timer.invalidate()
    },
    CensusEntry("ResponderKit.UndoManager.levelsOfUndo: Int", countRule) { stage, v in
      let field = stage.show(TextField(text: "undo"))
      guard let manager = field.undoManager else {
        stage.problem("no undo manager")
        return nil
      }
      manager.levelsOfUndo = v
      stage.driver.type("abc")
      stage.driver.press("Control+z")
      return manager.levelsOfUndo
    },
  ]

  /// A table argument: a shown, focused three-section table, then `body`.
  static func tableArgument<Value: CensusValue>(
    _ key: String, _ type: Value.Type, _ body: @escaping @MainActor @Sendable (TableView, Value) -> Void
  ) -> CensusEntry {
    CensusEntry(key, CensusAnswer<Value>.accepted) { stage, value in
      body(stage.table(), value)
      _ = stage.driver.screen
      return nil
    }
  }

  /// A conformer's answer: the data source (and row-height delegate) answers `value`.
  static func answer(_ key: String, _ set: @escaping @MainActor @Sendable (CensusRows, Int) -> Void)
    -> CensusEntry
  {
    CensusEntry(key, CensusAnswer<Int>.accepted) { stage, value in
      set(stage.censusRows, value)
      let table = TableView()
      table.dataSource = stage.censusRows
      table.delegate = stage.censusRows
      stage.show(table)
      stage.expect(table.numberOfSections <= TableView.maximumNumberOfSections)
      return nil
    }
  }

  /// A settable property of a recognizer attached to a shown view.
  static func gesture<G: GestureRecognizer, Value: CensusValue>(
    _ key: String, _ answer: CensusAnswer<Value>, _ make: @escaping @MainActor @Sendable () -> G,
    _ keyPath: ReferenceWritableKeyPath<G, Value>
  ) -> CensusEntry {
    nonisolated(unsafe) let keyPath = keyPath
    return CensusEntry(key, answer) { stage, value in
      let recognizer = make()
      stage.show(View()).addGestureRecognizer(recognizer)
      recognizer[keyPath: keyPath] = value
      // Read before the gestures below: a recognizer resets its scale and rotation.
      let reading = recognizer[keyPath: keyPath]
      stage.driver.tap(x: 3, y: 3)
      stage.driver.longPress(at: Point(x: 3, y: 3))
      stage.driver.pinch(center: Point(x: 10, y: 4), from: 2, to: 8)
      return reading
    }
  }
}

/// A stack of a label and a button.
@MainActor func censusStack() -> StackView {
  StackView(arrangedSubviews: [Label(text: "a"), Button(title: "b"), Label(text: "c")], axis: .horizontal)
}

/// A table nobody feeds (a property's probe sets what it needs).
@MainActor func censusTable() -> TableView { TableView() }

/// A menu bar's menu: two titled submenus.
@MainActor func censusMenuBarMenu() -> Menu {
  let main = Menu(title: "Main")
  for title in ["File", "Edit"] {
    let item = MenuItem(title: title)
    item.submenu = Menu(title: title, items: [MenuItem(title: "Item")])
    main.addItem(item)
  }
  return main
}

/// A model for `bindRows`.
@MainActor @Observable final class CensusModel {
  var names = ["a", "b"]
}

/// A scroll offset in 100×100 of content in a 30×8 view: the geometry rule, then within
/// 0...70 across and 0...92 down.
let offsetRule = CensusAnswer<Point>(rule: "geometry rule, within the content") {
  Point(x: min(max(GeometryRule.normalized($0.x), 0), 70), y: min(max(GeometryRule.normalized($0.y), 0), 92))
}

/// A content size is an extent: NaN and negatives are 0, at most `Int.max` cells (a table's
/// rows reach past the 2³⁰ of on-screen coordinates).
let contentSizeRule = CensusAnswer<Size>(rule: "NaN and negatives → 0, at most Int.max") {
  func extent(_ value: Double) -> Double { value.isNaN ? 0 : min(max(value, 0), Double(Int.max)) }
  return Size(width: extent($0.width), height: extent($0.height))
}

/// A scale: NaN is 1 (no scaling), ±∞ clamped to 0...2³⁰.
let scaleRule = CensusAnswer<Double>.clamped(to: 0...GeometryRule.limit, nan: 1)

extension Point {
  /// Whether a scroll view's offset lies in its content.
  @MainActor func isWithinContent(of scroll: ScrollView) -> Bool {
    x >= 0 && y >= 0 && x <= max(0, scroll.contentSize.width - scroll.bounds.width)
      && y <= max(0, scroll.contentSize.height - scroll.bounds.height)
  }
}

extension View {
  /// The census stage this view is on, for a probe's own checks.
  var stage: CensusStage? { window.flatMap { CensusStage.current(of: $0) } }
}
