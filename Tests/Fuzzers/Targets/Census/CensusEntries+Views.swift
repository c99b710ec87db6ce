import Foundation
import ResponderKit

/// The duration rule: NaN and negatives are 0, ±∞ and beyond 2³⁰ seconds are 2³⁰.
let durationRule = CensusAnswer<Double>.clamped(to: 0...GeometryRule.limit, nan: 0)
/// The rule for a distance or a threshold that has no sign: NaN is 0, ±∞ clamped to 0...2³⁰.
let distanceRule = CensusAnswer<Double>.clamped(to: 0...GeometryRule.limit, nan: 0)
/// The rule for a count of at least one (taps, touches, lines of a row).
let positiveCountRule = CensusAnswer<Int>.clamped(to: 1...Int.max)
/// The rule for a count that may be 0 (0 meaning "no limit" where UIKit says so).
let countRule = CensusAnswer<Int>.clamped(to: 0...Int.max)

/// A view subclass that draws through a canvas call given to it, so `Canvas` arguments are
/// tried while the app renders.
final class CensusCanvasView: View {
  var drawing: (@MainActor (Canvas) -> Void)?
  override func draw(in canvas: Canvas) { drawing?(canvas) }
}

extension CensusEntry {
  @MainActor static let views: [CensusEntry] = [
    property("ResponderKit.View.frame: Rect", .geometry, { View() }, \.frame),
    property(
      "ResponderKit.View.bounds: Rect", .geometry, { View(frame: Rect(x: 1, y: 1, width: 5, height: 5)) },
      \.bounds),
    CensusEntry("ResponderKit.Window.frame: Rect", .geometry) { stage, v in
      stage.window.frame = v
      _ = stage.driver.screen
      return stage.window.frame
    },
    CensusEntry("ResponderKit.View.init(frame:) frame: Rect", .geometry) { stage, v in
      stage.frameBeforeShowing(View(frame: v))
    },
    CensusEntry("ResponderKit.Window.init(frame:) frame: Rect", .geometry) { stage, v in
      let window = Window(frame: v)
      window.placement = .fixed
      window.rootView = Label(text: "window")
      stage.application.addWindow(window)
      window.makeKeyAndOrderFront()
      _ = stage.driver.screen
      return window.frame
    },
    CensusEntry("ResponderKit.Control.init(frame:) frame: Rect", .geometry) { stage, v in
      stage.frameBeforeShowing(Control(frame: v))
    },
    CensusEntry("ResponderKit.Label.init(frame:text:style:) frame: Rect", .geometry) { stage, v in
      stage.frameBeforeShowing(Label(frame: v, text: "label"))
    },
    CensusEntry("ResponderKit.Button.init(frame:title:style:) frame: Rect?", .geometry) { stage, v in
      stage.frameBeforeShowing(Button(frame: v, title: "OK"))
    },
    CensusEntry("ResponderKit.Switch.init(frame:title:isOn:) frame: Rect?", .geometry) { stage, v in
      stage.frameBeforeShowing(Switch(frame: v, title: "On"))
    },
    CensusEntry("ResponderKit.SegmentedControl.init(frame:items:) frame: Rect?", .geometry) { stage, v in
      stage.frameBeforeShowing(SegmentedControl(frame: v, items: ["a", "b"]))
    },
    CensusEntry("ResponderKit.Slider.init(frame:value:minimumValue:maximumValue:) frame: Rect", .geometry) {
      stage, v in
      stage.frameBeforeShowing(Slider(frame: v))
    },
    CensusEntry(
      "ResponderKit.Stepper.init(frame:value:minimumValue:maximumValue:stepValue:) frame: Rect?", .geometry
    ) {
      stage, v in stage.frameBeforeShowing(Stepper(frame: v))
    },
    CensusEntry("ResponderKit.ScrollView.init(frame:) frame: Rect", .geometry) { stage, v in
      stage.frameBeforeShowing(ScrollView(frame: v))
    },
    CensusEntry("ResponderKit.TableView.init(frame:) frame: Rect", .geometry) { stage, v in
      let table = TableView(frame: v)
      table.dataSource = stage.rows
      return stage.frameBeforeShowing(table)
    },
    CensusEntry("ResponderKit.StackView.init(frame:arrangedSubviews:axis:spacing:) frame: Rect", .geometry) {
      stage, v in
      stage.frameBeforeShowing(StackView(frame: v, arrangedSubviews: [Label(text: "a"), Button(title: "b")]))
    },
    CensusEntry("ResponderKit.TextField.init(frame:text:placeholder:) frame: Rect", .geometry) { stage, v in
      stage.frameBeforeShowing(TextField(frame: v, text: "text"))
    },
    CensusEntry("ResponderKit.TextView.init(frame:text:placeholder:) frame: Rect", .geometry) { stage, v in
      stage.frameBeforeShowing(TextView(frame: v, text: "text\nmore"))
    },
    CensusEntry("ResponderKit.NavigationBar.init(frame:) frame: Rect", .geometry) { stage, v in
      stage.frameBeforeShowing(NavigationBar(frame: v))
    },
    CensusEntry("ResponderKit.MenuBar.init(menu:frame:) frame: Rect", .geometry) { stage, v in
      stage.frameBeforeShowing(MenuBar(menu: stage.menu, frame: v))
    },
    CensusEntry("ResponderKit.Application.screenSize: Size", .screen) { stage, v in
      stage.application.screenSize = v
      _ = stage.driver.screen
      return stage.application.screenSize
    },
    call("ResponderKit.Application.window(at:) at: Point", Point.self) { stage, v in
      _ = stage.application.window(at: v)
    },
    argument("ResponderKit.View.insertSubview(_:at:) at: Int", Int.self, { View() }) { view, v in
      view.addSubview(View())
      view.insertSubview(Label(text: "x"), at: v)
    },
    argument("ResponderKit.View.viewWithTag(_:) tag: Int", Int.self, { View() }) { view, v in
      _ = view.viewWithTag(v)
    },
    argument("ResponderKit.View.sizeThatFits(_:) size: Size", Size.self, { View() }) { view, v in
      _ = view.sizeThatFits(v)
    },
    argument("ResponderKit.Label.sizeThatFits(_:) size: Size", Size.self, { Label(text: "some words") }) {
      label, v in
      label.frame.size = label.sizeThatFits(v)
    },
    argument("ResponderKit.Button.sizeThatFits(_:) size: Size", Size.self, { Button(title: "OK") }) {
      button, v in
      button.frame.size = button.sizeThatFits(v)
    },
    argument("ResponderKit.Switch.sizeThatFits(_:) size: Size", Size.self, { Switch(title: "On") }) {
      view, v in
      view.frame.size = view.sizeThatFits(v)
    },
    argument(
      "ResponderKit.SegmentedControl.sizeThatFits(_:) size: Size", Size.self,
      { SegmentedControl(items: ["a", "b"]) }
    ) {
      view, v in view.frame.size = view.sizeThatFits(v)
    },
    argument("ResponderKit.Stepper.sizeThatFits(_:) size: Size", Size.self, { Stepper() }) { view, v in
      view.frame.size = view.sizeThatFits(v)
    },
    argument(
      "ResponderKit.StackView.sizeThatFits(_:) size: Size", Size.self,
      { StackView(arrangedSubviews: [Label(text: "a")]) }
    ) {
      view, v in view.frame.size = view.sizeThatFits(v)
    },
    argument("ResponderKit.View.hitTest(_:with:) point: Point", Point.self, { View() }) { view, v in
      _ = view.hitTest(v, with: nil)
    },
    argument("ResponderKit.Control.hitTest(_:with:) point: Point", Point.self, { Button(title: "OK") }) {
      view, v in
      _ = view.hitTest(v, with: nil)
    },
    argument("ResponderKit.View.point(inside:with:) inside: Point", Point.self, { View() }) { view, v in
      _ = view.point(inside: v, with: nil)
    },
    argument("ResponderKit.View.convert(_:from:) point: Point", Point.self, { View() }) { view, v in
      _ = view.convert(v, from: view.window?.rootView)
    },
    argument("ResponderKit.View.convert(_:from:) rect: Rect", Rect.self, { View() }) { view, v in
      _ = view.convert(v, from: view.window?.rootView)
    },
    argument("ResponderKit.View.convert(_:to:) point: Point", Point.self, { View() }) { view, v in
      _ = view.convert(v, to: view.window?.rootView)
    },
    argument("ResponderKit.View.convert(_:to:) rect: Rect", Rect.self, { View() }) { view, v in
      _ = view.convert(v, to: view.window?.rootView)
    },
    argument("ResponderKit.View.convert(fromScreen:) fromScreen: Point", Point.self, { View() }) { view, v in
      _ = view.convert(fromScreen: v)
    },
    argument("ResponderKit.View.convert(toScreen:) toScreen: Point", Point.self, { View() }) { view, v in
      _ = view.convert(toScreen: v)
    },

    // Controls.
    property(
      "ResponderKit.Control.trackingSlop: EdgeInsets", .geometry, { Button(title: "OK") }, \.trackingSlop),
    property(
      "ResponderKit.Slider.value: Double", .clamped(to: 0...1, nan: 0),
      { Slider(frame: Rect(x: 0, y: 0, width: 20, height: 1)) },
      \.value),
    property("ResponderKit.Slider.minimumValue: Double", .geometry, { Slider() }, \.minimumValue),
    property("ResponderKit.Slider.maximumValue: Double", .geometry, { Slider() }, \.maximumValue),
    CensusEntry("ResponderKit.Slider.keyIncrement: Double?", .clamped(to: 0...GeometryRule.limit, nan: 0)) {
      stage, v in
      let slider = stage.show(Slider())
      slider.keyIncrement = v
      return slider.keyIncrement
    },
    CensusEntry(
      "ResponderKit.Slider.init(frame:value:minimumValue:maximumValue:) value: Double",
      .clamped(to: 0...1, nan: 0)
    ) { stage, v in stage.show(Slider(value: v)).value },
    CensusEntry(
      "ResponderKit.Slider.init(frame:value:minimumValue:maximumValue:) minimumValue: Double", .geometry
    ) {
      stage, v in stage.show(Slider(minimumValue: v, maximumValue: GeometryRule.limit)).minimumValue
    },
    CensusEntry(
      "ResponderKit.Slider.init(frame:value:minimumValue:maximumValue:) maximumValue: Double", .geometry
    ) {
      stage, v in stage.show(Slider(minimumValue: -GeometryRule.limit, maximumValue: v)).maximumValue
    },
    CensusEntry(
      "ResponderKit.Slider.setValue(_:notifyingTargets:) newValue: Double", .clamped(to: 0...1, nan: 0)
    ) {
      stage, v in
      let slider = stage.show(Slider())
      slider.setValue(v, notifyingTargets: true)
      return slider.value
    },
    // A column is a whole cell of the 20-cell track (a fraction of a cell is that cell), so the
    // answer is the cell's share of the last one: any value in between is one of 20 answers.
    CensusEntry(
      "ResponderKit.Slider.value(atColumn:) atColumn: Double",
      CensusAnswer(rule: "the column's cell (NaN → 0) clamped to the track, over its last cell") {
        min(max(GeometryRule.normalized($0).rounded(.down), 0), 19) / 19
      }
    ) {
      stage, v in
      stage.show(Slider(frame: Rect(x: 0, y: 0, width: 20, height: 1))).value(atColumn: v)
    },
    property(
      "ResponderKit.Stepper.value: Double", .clamped(to: 0...100, nan: 0),
      { Stepper(minimumValue: 0, maximumValue: 100) },
      \.value),
    property("ResponderKit.Stepper.minimumValue: Double", .geometry, { Stepper() }, \.minimumValue),
    property("ResponderKit.Stepper.maximumValue: Double", .geometry, { Stepper() }, \.maximumValue),
    property("ResponderKit.Stepper.stepValue: Double", stepRule, { Stepper() }, \.stepValue),
    CensusEntry(
      "ResponderKit.Stepper.init(frame:value:minimumValue:maximumValue:stepValue:) value: Double",
      .clamped(to: 0...100, nan: 0)
    ) { stage, v in stage.show(Stepper(value: v, minimumValue: 0, maximumValue: 100)).value },
    CensusEntry(
      "ResponderKit.Stepper.init(frame:value:minimumValue:maximumValue:stepValue:) minimumValue: Double",
      .geometry
    ) { stage, v in stage.show(Stepper(minimumValue: v, maximumValue: GeometryRule.limit)).minimumValue },
    CensusEntry(
      "ResponderKit.Stepper.init(frame:value:minimumValue:maximumValue:stepValue:) maximumValue: Double",
      .geometry
    ) { stage, v in stage.show(Stepper(minimumValue: -GeometryRule.limit, maximumValue: v)).maximumValue },
    CensusEntry(
      "ResponderKit.Stepper.init(frame:value:minimumValue:maximumValue:stepValue:) stepValue: Double",
      stepRule
    ) {
      stage, v in stage.show(Stepper(stepValue: v)).stepValue
    },
    argument("ResponderKit.Stepper.part(at:) at: Point", Point.self, { Stepper() }) { view, v in
      _ = view.part(at: v)
    },
    CensusEntry("ResponderKit.SegmentedControl.selectedSegmentIndex: Int", noSegmentRule) { stage, v in
      let control = stage.show(SegmentedControl(items: ["a", "b", "c"]))
      control.selectedSegmentIndex = v
      return control.selectedSegmentIndex
    },
    argument(
      "ResponderKit.SegmentedControl.insertSegment(withTitle:at:) at: Int", Int.self,
      { SegmentedControl(items: ["a"]) }
    ) {
      control, v in control.insertSegment(withTitle: "new", at: v)
    },
    argument(
      "ResponderKit.SegmentedControl.removeSegment(at:) at: Int", Int.self,
      { SegmentedControl(items: ["a", "b"]) }
    ) {
      control, v in control.removeSegment(at: v)
    },
    argument(
      "ResponderKit.SegmentedControl.moveSelection(by:) by: Int", Int.self,
      { SegmentedControl(items: ["a", "b"]) }
    ) {
      control, v in control.moveSelection(by: v)
    },
    argument(
      "ResponderKit.SegmentedControl.setTitle(_:forSegmentAt:) forSegmentAt: Int", Int.self,
      { SegmentedControl(items: ["a"]) }
    ) { control, v in control.setTitle("t", forSegmentAt: v) },
    argument(
      "ResponderKit.SegmentedControl.titleForSegment(at:) at: Int", Int.self,
      { SegmentedControl(items: ["a"]) }
    ) { control, v in
      _ = control.titleForSegment(at: v)
    },
    argument(
      "ResponderKit.SegmentedControl.segmentIndex(at:) at: Point", Point.self,
      { SegmentedControl(items: ["a"]) }
    ) { control, v in
      _ = control.segmentIndex(at: v)
    },

    // Text.
    property(
      "ResponderKit.Label.numberOfLines: Int", countRule, { Label(text: "one two three four") },
      \.numberOfLines),
    argument("ResponderKit.Label.lines(width:height:) width: Int", Int.self, { Label(text: "one two") }) {
      label, v in
      _ = label.lines(width: v, height: 3)
    },
    argument("ResponderKit.Label.lines(width:height:) height: Int", Int.self, { Label(text: "one two") }) {
      label, v in
      _ = label.lines(width: 4, height: v)
    },
    property(
      "ResponderKit.TextField.insertionPoint: Int", .clamped(to: 0...5), { TextField(text: "hello") },
      \.insertionPoint),
    argument(
      "ResponderKit.TextField.characterIndex(atColumn:) atColumn: Double", Double.self,
      { TextField(text: "hello") }
    ) { field, v in
      _ = field.characterIndex(atColumn: v)
    },
    property(
      "ResponderKit.TextView.insertionPoint: Int", .clamped(to: 0...11), { TextView(text: "hello\nworld") },
      \.insertionPoint),
    argument("ResponderKit.TextView.index(line:column:) line: Int", Int.self, { TextView(text: "a\nb") }) {
      view, v in
      _ = view.index(line: v, column: 0)
    },
    argument("ResponderKit.TextView.index(line:column:) column: Int", Int.self, { TextView(text: "a\nb") }) {
      view, v in
      _ = view.index(line: 0, column: v)
    },
    argument("ResponderKit.TextView.position(of:) of: Int", Int.self, { TextView(text: "a\nb") }) { view, v in
      _ = view.position(of: v)
    },
    argument(
      "ResponderKit.TextView.replaceCharacters(in:with:) in: Range<Int>", Range<Int>.self,
      { TextView(text: "hello") }
    ) { view, v in
      view.replaceCharacters(in: v, with: "X")
    },
    CensusEntry(
      "ResponderKit.TextField.replaceCharacters(in:with:) in: Range<Int>", .accepted
    ) { (stage: CensusStage, v: Range<Int>) -> Range<Int>? in
      // Whatever range code passes, the field's delegate is asked only about ranges in the text.
      let field = stage.show(TextField(text: "hello"))
      let delegate = CensusFieldDelegate()
      field.delegate = delegate
      field.replaceCharacters(in: v, with: "X")
      stage.driver.type("y")
      stage.expect(
        delegate.ranges.allSatisfy { $0.lowerBound >= 0 && $0.upperBound <= 6 },
        "a delegate saw \(delegate.ranges)")
      return nil
    },

    // Drawing.
    canvas("ResponderKit.Canvas.draw(_:x:y:style:) x: Int", Int.self) { canvas, v in
      canvas.draw("hi", x: v, y: 0)
    },
    canvas("ResponderKit.Canvas.draw(_:x:y:style:) y: Int", Int.self) { canvas, v in
      canvas.draw("hi", x: 0, y: v)
    },
    canvas("ResponderKit.Canvas.draw(_:x:y:width:style:lineBreakMode:) x: Int", Int.self) { canvas, v in
      canvas.draw("hello", x: v, y: 0, width: 3)
    },
    canvas("ResponderKit.Canvas.draw(_:x:y:width:style:lineBreakMode:) y: Int", Int.self) { canvas, v in
      canvas.draw("hello", x: 0, y: v, width: 3)
    },
    canvas("ResponderKit.Canvas.draw(_:x:y:width:style:lineBreakMode:) width: Int", Int.self) { canvas, v in
      canvas.draw("hello", x: 0, y: 0, width: v)
    },
    canvas("ResponderKit.Canvas.put(_:x:y:) x: Int", Int.self) { canvas, v in
      canvas.put(Cell("x"), x: v, y: 0)
    },
    canvas("ResponderKit.Canvas.put(_:x:y:) y: Int", Int.self) { canvas, v in
      canvas.put(Cell("x"), x: 0, y: v)
    },
    canvas("ResponderKit.Canvas.fill(_:with:) rect: Rect", Rect.self) { canvas, v in
      canvas.fill(v, with: Cell("#"))
    },
    canvas("ResponderKit.Canvas.applyStyle(_:to:) to: Rect", Rect.self) { canvas, v in
      canvas.applyStyle(TextStyle(attributes: .bold), to: v)
    },
    canvas("ResponderKit.Canvas.drawBox(_:style:lines:) rect: Rect", Rect.self) { canvas, v in
      canvas.drawBox(v)
    },
    canvas("ResponderKit.Canvas.withTranslation(_:clippedTo:_:) offset: Point", Point.self) { canvas, v in
      canvas.withTranslation(v, clippedTo: Rect(x: 0, y: 0, width: 5, height: 5)) {
        $0.draw("in", x: 0, y: 0)
      }
    },
    canvas("ResponderKit.Canvas.withTranslation(_:clippedTo:_:) clippedTo: Rect", Rect.self) { canvas, v in
      canvas.withTranslation(.zero, clippedTo: v) { $0.draw("in", x: 0, y: 0) }
    },
    CensusEntry("ResponderKit.Canvas.init(columns:rows:) columns: Int", cellBufferRule) { _, v in
      Canvas(columns: v, rows: 1).buffer.columns
    },
    CensusEntry("ResponderKit.Canvas.init(columns:rows:) rows: Int", cellBufferRule) { _, v in
      Canvas(columns: 1, rows: v).buffer.rows
    },
    CensusEntry("ResponderKit.CellBuffer.init(columns:rows:fill:) columns: Int", cellBufferRule) { _, v in
      CellBuffer(columns: v, rows: 1).columns
    },
    CensusEntry("ResponderKit.CellBuffer.init(columns:rows:fill:) rows: Int", cellBufferRule) { _, v in
      CellBuffer(columns: 1, rows: v).rows
    },
    CensusEntry("ResponderKit.CellBuffer.resize(columns:rows:) columns: Int", cellBufferRule) { _, v in
      var buffer = CellBuffer(columns: 2, rows: 2)
      buffer.resize(columns: v, rows: 2)
      return buffer.columns
    },
    CensusEntry("ResponderKit.CellBuffer.resize(columns:rows:) rows: Int", cellBufferRule) { _, v in
      var buffer = CellBuffer(columns: 2, rows: 2)
      buffer.resize(columns: 2, rows: v)
      return buffer.rows
    },
    call("ResponderKit.CellBuffer.subscript(_:_:) x: Int", Int.self) { _, v in
      var buffer = CellBuffer(columns: 2, rows: 2)
      buffer[v, 0] = Cell("x")
      _ = buffer[v, 0]
    },
    call("ResponderKit.CellBuffer.subscript(_:_:) y: Int", Int.self) { _, v in
      var buffer = CellBuffer(columns: 2, rows: 2)
      buffer[0, v] = Cell("x")
      _ = buffer[0, v]
    },
    call("ResponderKit.CellBuffer.text(ofRow:) ofRow: Int", Int.self) { _, v in
      _ = CellBuffer(columns: 2, rows: 2).text(ofRow: v)
    },
  ]

  /// A canvas call made while the stage renders a view that draws with it.
  static func canvas<Value: CensusValue>(
    _ key: String, _ type: Value.Type, _ body: @escaping @MainActor @Sendable (Canvas, Value) -> Void
  ) -> CensusEntry {
    CensusEntry(key, CensusAnswer<Value>.accepted) { stage, value in
      let view = CensusCanvasView()
      view.drawing = { body($0, value) }
      stage.show(view)
      let canvas = Canvas(columns: 8, rows: 3)
      body(canvas, value)
      stage.expect(canvas.buffer.columns == 8 && canvas.buffer.rows == 3, "the canvas changed size")
      return nil
    }
  }
}

/// A step is positive: NaN, 0 and negatives are the default 1; +∞ is 2³⁰.
let stepRule = CensusAnswer<Double>(rule: "NaN and ≤ 0 keep the step (1), clamped to 2³⁰") {
  $0.isNaN || $0 <= 0 ? 1 : min($0, GeometryRule.limit)
}

/// UIKit's `noSegment`: an index that names no segment of three is -1.
let noSegmentRule = CensusAnswer<Int>(rule: "an index naming no segment → -1") {
  (0..<3).contains($0) ? $0 : -1
}

/// A cell buffer is a screen: 0 to `Size.maximumScreenDimension` cells a side.
let cellBufferRule = CensusAnswer<Int>.clamped(to: 0...Size.maximumScreenDimension)

/// A text field delegate that notes the ranges it is asked about.
@MainActor final class CensusFieldDelegate: TextFieldDelegate {
  var ranges: [Range<Int>] = []
  func textField(
    _ textField: TextField, shouldChangeCharactersIn range: Range<Int>, replacementString string: String
  )
    -> Bool
  {
    ranges.append(range)
    return true
  }
}
