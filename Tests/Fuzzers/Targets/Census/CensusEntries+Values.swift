import Foundation
import ResponderKit

// The plain value types: they keep what they are given (the rule applies where a value
// enters a view, a screen or a host), and their arithmetic never traps.
extension CensusEntry {
  @MainActor static let values: [CensusEntry] = [
    field("ResponderKit.Point.x: Double", { Point.zero }, \.x),
    field("ResponderKit.Point.y: Double", { Point.zero }, \.y),
    CensusEntry("ResponderKit.Point.init(x:y:) x: Double", .stored) { _, v in Point(x: v, y: 0).x },
    CensusEntry("ResponderKit.Point.init(x:y:) y: Double", .stored) { _, v in Point(x: 0, y: v).y },
    call("ResponderKit.Point.init(x:y:) x: Int", Int.self) { stage, v in
      stage.expect(Point(x: v, y: 0).x == Double(v))
    },
    call("ResponderKit.Point.init(x:y:) y: Int", Int.self) { stage, v in
      stage.expect(Point(x: 0, y: v).y == Double(v))
    },
    call("ResponderKit.Point.distance(to:) to: Point", Point.self) { _, v in
      _ = Point(x: 1, y: 1).distance(to: v)
    },
    field("ResponderKit.Size.width: Double", { Size.zero }, \.width),
    field("ResponderKit.Size.height: Double", { Size.zero }, \.height),
    CensusEntry("ResponderKit.Size.init(width:height:) width: Double", .stored) { _, v in
      Size(width: v, height: 0).width
    },
    CensusEntry("ResponderKit.Size.init(width:height:) height: Double", .stored) { _, v in
      Size(width: 0, height: v).height
    },
    call("ResponderKit.Size.init(width:height:) width: Int", Int.self) { stage, v in
      stage.expect(Size(width: v, height: 0).width == Double(v))
    },
    call("ResponderKit.Size.init(width:height:) height: Int", Int.self) { stage, v in
      stage.expect(Size(width: 0, height: v).height == Double(v))
    },
    field("ResponderKit.Rect.origin: Point", { Rect.zero }, \.origin),
    field("ResponderKit.Rect.size: Size", { Rect.zero }, \.size),
    CensusEntry("ResponderKit.Rect.init(origin:size:) origin: Point", .stored) { _, v in
      Rect(origin: v, size: .zero).origin
    },
    CensusEntry("ResponderKit.Rect.init(origin:size:) size: Size", .stored) { _, v in
      Rect(origin: .zero, size: v).size
    },
    CensusEntry("ResponderKit.Rect.init(x:y:width:height:) x: Double", .stored) { _, v in
      Rect(x: v, y: 0, width: 1, height: 1).minX
    },
    CensusEntry("ResponderKit.Rect.init(x:y:width:height:) y: Double", .stored) { _, v in
      Rect(x: 0, y: v, width: 1, height: 1).minY
    },
    CensusEntry("ResponderKit.Rect.init(x:y:width:height:) width: Double", .stored) { _, v in
      Rect(x: 0, y: 0, width: v, height: 1).width
    },
    CensusEntry("ResponderKit.Rect.init(x:y:width:height:) height: Double", .stored) { _, v in
      Rect(x: 0, y: 0, width: 1, height: v).height
    },
    call("ResponderKit.Rect.init(x:y:width:height:) x: Int", Int.self) { stage, v in
      stage.expect(Rect(x: v, y: 0, width: 1, height: 1).minX == Double(v))
    },
    call("ResponderKit.Rect.init(x:y:width:height:) y: Int", Int.self) { stage, v in
      stage.expect(Rect(x: 0, y: v, width: 1, height: 1).minY == Double(v))
    },
    call("ResponderKit.Rect.init(x:y:width:height:) width: Int", Int.self) { stage, v in
      stage.expect(Rect(x: 0, y: 0, width: v, height: 1).width == Double(v))
    },
    call("ResponderKit.Rect.init(x:y:width:height:) height: Int", Int.self) { stage, v in
      stage.expect(Rect(x: 0, y: 0, width: 1, height: v).height == Double(v))
    },
    call("ResponderKit.Rect.contains(_:) point: Point", Point.self) { _, v in
      _ = Rect(x: 0, y: 0, width: 5, height: 5).contains(v)
    },
    call("ResponderKit.Rect.inset(by:) by: EdgeInsets", EdgeInsets.self) { _, v in
      _ = Rect(x: 0, y: 0, width: 5, height: 5).inset(by: v)
    },
    call("ResponderKit.Rect.intersection(_:) other: Rect", Rect.self) { _, v in
      _ = Rect(x: 0, y: 0, width: 5, height: 5).intersection(v)
    },
    call("ResponderKit.Rect.union(_:) other: Rect", Rect.self) { _, v in
      _ = Rect(x: 0, y: 0, width: 5, height: 5).union(v)
    },
    call("ResponderKit.Rect.offsetBy(dx:dy:) dx: Double", Double.self) { _, v in
      _ = Rect.zero.offsetBy(dx: v, dy: 0)
    },
    call("ResponderKit.Rect.offsetBy(dx:dy:) dy: Double", Double.self) { _, v in
      _ = Rect.zero.offsetBy(dx: 0, dy: v)
    },
    field("ResponderKit.EdgeInsets.top: Double", { EdgeInsets.zero }, \.top),
    field("ResponderKit.EdgeInsets.left: Double", { EdgeInsets.zero }, \.left),
    field("ResponderKit.EdgeInsets.bottom: Double", { EdgeInsets.zero }, \.bottom),
    field("ResponderKit.EdgeInsets.right: Double", { EdgeInsets.zero }, \.right),
    CensusEntry("ResponderKit.EdgeInsets.init(all:) all: Double", .stored) { _, v in EdgeInsets(all: v).bottom
    },
    CensusEntry("ResponderKit.EdgeInsets.init(top:left:bottom:right:) top: Double", .stored) { _, v in
      EdgeInsets(top: v, left: 0, bottom: 0, right: 0).top
    },
    CensusEntry("ResponderKit.EdgeInsets.init(top:left:bottom:right:) left: Double", .stored) { _, v in
      EdgeInsets(top: 0, left: v, bottom: 0, right: 0).left
    },
    CensusEntry("ResponderKit.EdgeInsets.init(top:left:bottom:right:) bottom: Double", .stored) { _, v in
      EdgeInsets(top: 0, left: 0, bottom: v, right: 0).bottom
    },
    CensusEntry("ResponderKit.EdgeInsets.init(top:left:bottom:right:) right: Double", .stored) { _, v in
      EdgeInsets(top: 0, left: 0, bottom: 0, right: v).right
    },
    field("ResponderKit.IndexPath.row: Int", { IndexPath(row: 0, section: 0) }, \.row),
    field("ResponderKit.IndexPath.section: Int", { IndexPath(row: 0, section: 0) }, \.section),
    CensusEntry("ResponderKit.IndexPath.init(row:section:) row: Int", .stored) { _, v in
      IndexPath(row: v, section: 0).row
    },
    CensusEntry("ResponderKit.IndexPath.init(row:section:) section: Int", .stored) { _, v in
      IndexPath(row: 0, section: v).section
    },
    field("ResponderKit.ScrollSample.dx: Double", { ScrollSample(location: .zero, dy: 0) }, \.dx),
    field("ResponderKit.ScrollSample.dy: Double", { ScrollSample(location: .zero, dy: 0) }, \.dy),
    field("ResponderKit.ScrollSample.location: Point", { ScrollSample(location: .zero, dy: 0) }, \.location),
    field(
      "ResponderKit.ScrollSample.timestamp: TimeInterval", { ScrollSample(location: .zero, dy: 0) },
      \.timestamp),
    CensusEntry("ResponderKit.ScrollSample.init(location:dx:dy:modifierFlags:timestamp:) dx: Double", .stored)
    {
      stage, v in stage.deliver(ScrollSample(location: Point(x: 3, y: 3), dx: v, dy: 0)).dx
    },
    CensusEntry("ResponderKit.ScrollSample.init(location:dx:dy:modifierFlags:timestamp:) dy: Double", .stored)
    {
      stage, v in stage.deliver(ScrollSample(location: Point(x: 3, y: 3), dy: v)).dy
    },
    CensusEntry(
      "ResponderKit.ScrollSample.init(location:dx:dy:modifierFlags:timestamp:) location: Point", .stored
    ) {
      stage, v in stage.deliver(ScrollSample(location: v, dy: 1)).location
    },
    CensusEntry(
      "ResponderKit.ScrollSample.init(location:dx:dy:modifierFlags:timestamp:) timestamp: TimeInterval",
      .stored
    ) { stage, v in stage.deliver(ScrollSample(location: Point(x: 3, y: 3), dy: 1, timestamp: v)).timestamp },
    field("ResponderKit.TouchSample.id: Int", { TouchSample(id: 0, phase: .began, location: .zero) }, \.id),
    field(
      "ResponderKit.TouchSample.location: Point", { TouchSample(id: 0, phase: .began, location: .zero) },
      \.location),
    field(
      "ResponderKit.TouchSample.timestamp: TimeInterval",
      { TouchSample(id: 0, phase: .began, location: .zero) },
      \.timestamp),
    CensusEntry("ResponderKit.TouchSample.init(id:phase:location:modifierFlags:timestamp:) id: Int", .stored)
    {
      stage, v in stage.touch(id: v, at: Point(x: 3, y: 3)).id
    },
    CensusEntry(
      "ResponderKit.TouchSample.init(id:phase:location:modifierFlags:timestamp:) location: Point", .stored
    ) {
      stage, v in stage.touch(id: 1, at: v).location
    },
    CensusEntry(
      "ResponderKit.TouchSample.init(id:phase:location:modifierFlags:timestamp:) timestamp: TimeInterval",
      .stored
    ) { stage, v in stage.touch(id: 1, at: Point(x: 3, y: 3), timestamp: v).timestamp },
    field("ResponderKit.KeyEvent.timestamp: TimeInterval", { KeyEvent.character("a") }, \.timestamp),
    CensusEntry(
      "ResponderKit.KeyEvent.character(_:modifierFlags:timestamp:) timestamp: TimeInterval", .stored
    ) {
      stage, v in stage.deliver(KeyEvent.character("a", timestamp: v)).timestamp
    },
    CensusEntry(
      "ResponderKit.KeyEvent.init(keysym:characters:charactersIgnoringModifiers:modifierFlags:phase:keyCode:timestamp:) timestamp: TimeInterval",
      .stored
    ) { stage, v in stage.deliver(KeyEvent(keysym: .down, characters: "", timestamp: v)).timestamp },
    CensusEntry(
      "ResponderKit.KeyEvent.init(keysym:scalar:scalarIgnoringModifiers:modifierFlags:phase:keyCode:timestamp:) timestamp: TimeInterval",
      .stored
    ) { stage, v in stage.deliver(KeyEvent(keysym: .down, scalar: nil, timestamp: v)).timestamp },
    field("ResponderKit.View.tag: Int", { View() }, \.tag),
    field("ResponderKit.KeyCommand.tag: Int", { KeyCommand(input: "a", action: .copy) }, \.tag),
    field("ResponderKit.MenuItem.tag: Int", { MenuItem(title: "Item") }, \.tag),
    field(
      "ResponderKit.KeyBindingError.line: Int", { censusKeyBindingError() }, \.line),
    call("ResponderKit.KeyCommand.inputF(_:) n: Int", Int.self) { stage, v in
      let command = KeyCommand(input: KeyCommand.inputF(v), action: .copy)
      stage.expect(command.input == "UIKeyInputF\(v)")
    },
    call("ResponderKit.Keysym.f(_:) n: Int", Int.self) { stage, v in
      _ = stage.driver.send(.key(KeyEvent(keysym: .f(v), characters: "")))
    },
    call("ResponderKit.ModalResponse.alertButtonReturn(_:) index: Int", Int.self) { _, v in
      _ = ModalResponse.alertButtonReturn(v)
    },
    call("ResponderKit.ActionTrace.init(capacity:) capacity: Int", Int.self) { stage, v in
      let trace = ActionTrace(capacity: v)
      stage.application.actionTrace = trace
      stage.driver.press("Down")
    },
  ]
}

/// The error a key binding file naming an unknown action gives.
func censusKeyBindingError() -> KeyBindingError {
  var bindings = KeyBindings()
  do {
    try bindings.apply(contentsOf: "Control+q = noSuchCensusAction")
  } catch {
    return error
  }
  preconditionFailure("an unknown action was bound")
}
