import Testing

@testable import ResponderKit

/// The window list against AppKit's rule, applied literally after every operation:
/// `orderFront(_:)` "moves the window to the front of its level in the screen list",
/// `orderBack(_:)` "to the back of its level"
/// (https://developer.apple.com/documentation/appkit/nswindow/orderfront(_:),
/// https://developer.apple.com/documentation/appkit/nswindow/orderback(_:)); a window added
/// goes behind the others of its level. The application applies orderings lazily, in
/// batches, so these tests read its list at irregular points of long operation sequences.
@MainActor
struct WindowOrderingTests {
  /// The rule, applied eagerly: the list sorted stably by level after each operation.
  @MainActor struct Rule {
    var list: [Window] = []

    /// Ordering a window no application shows does nothing (`Window.application` is nil).
    mutating func order(_ window: Window, front: Bool) {
      guard window.application != nil else { return }
      list.removeAll { $0 === window }
      if front { list.insert(window, at: 0) } else { list.append(window) }
      sortByLevel()
    }

    mutating func add(_ window: Window) {
      if !list.contains(where: { $0 === window }) {
        list.append(window)
        sortByLevel()
      }
    }

    mutating func remove(_ window: Window) {
      list.removeAll { $0 === window }
    }

    mutating func sortByLevel() {
      list = list.enumerated().sorted {
        $0.element.level != $1.element.level ? $0.element.level > $1.element.level : $0.offset < $1.offset
      }.map(\.element)
    }
  }

  private func names(_ windows: [Window]) -> [String] { windows.map(\.title) }

  @Test func thousandsOfOrderingsAgreeWithTheRuleAppliedOneByOne() {
    let app = Application()
    let windows = (0..<40).map { index in
      let window = Window()
      window.title = "w\(index)"
      return window
    }
    let levels: [Window.Level] = [.normal, .floating, .normal, .modalPanel]
    var rule = Rule()
    var reads = 0
    for step in 0..<4_000 {
      let window = windows[(step &* 17 &+ step / 7 &+ 3) % windows.count]
      switch (step &* 31 &+ step / 11) % 7 {
      case 0:
        app.addWindow(window)
        rule.add(window)
      case 1, 2:
        window.orderFront()
        rule.order(window, front: true)
      case 3:
        window.orderBack()
        rule.order(window, front: false)
      case 4:
        window.level = levels[step % levels.count]
        rule.sortByLevel()
      case 5:
        window.close()
        rule.remove(window)
      default:
        reads += 1
        #expect(names(app.windows) == names(rule.list), "after step \(step)")
      }
    }
    #expect(reads > 100)
    #expect(names(app.windows) == names(rule.list))
    for window in windows { #expect(window.isVisible == rule.list.contains { $0 === window }) }
  }

  @Test func longRunsOfOrderingsWithNoReadAgreeWithTheRule() {
    // Nothing reads the list for thousands of orderings: they are applied in bounded batches.
    let app = Application()
    let windows = (0..<10).map { index in
      let window = Window()
      window.title = "w\(index)"
      window.level = index % 3 == 0 ? .floating : .normal
      return window
    }
    var rule = Rule()
    for window in windows {
      app.addWindow(window)
      rule.add(window)
    }
    for step in 0..<5_000 {
      let window = windows[(step &* 7 &+ step / 3) % windows.count]
      let front = step % 3 != 0
      if front { window.orderFront() } else { window.orderBack() }
      rule.order(window, front: front)
    }
    #expect(names(app.windows) == names(rule.list))
  }

  @Test func orderingsMadeBeforeALevelChangeCountAtTheOldLevel() {
    let app = Application()
    let (a, b, c) = (Window(), Window(), Window())
    (a.title, b.title, c.title) = ("a", "b", "c")
    for window in [a, b, c] { app.addWindow(window) }
    c.orderFront()  // c, a, b — all normal
    c.level = .floating  // c is first of the floating level
    a.orderFront()  // c | a, b
    b.level = .floating  // b joins the floating level behind c
    #expect(names(app.windows) == ["c", "b", "a"])
  }

  @Test func aModalSessionRaisesItsWindowAboveWindowsOrderedFrontBeforeIt() {
    let app = Application()
    let (document, sheet, palette) = (Window(), Window(), Window())
    (document.title, sheet.title, palette.title) = ("document", "sheet", "palette")
    palette.level = .floating
    for window in [document, sheet, palette] { app.addWindow(window) }
    document.orderFront()
    app.beginModalSession(for: sheet)
    #expect(names(app.windows) == ["sheet", "palette", "document"])
    app.abortModal()
    // Back at its own level, the sheet stays first among the normal windows.
    #expect(names(app.windows) == ["palette", "sheet", "document"])
  }

  @Test func aWindowClosedWhileOrderingsArePendingIsReleased() {
    let app = Application()
    let keep = Window()
    app.addWindow(keep)
    weak var closed: Window?
    do {
      let window = Window()
      closed = window
      app.addWindow(window)
      window.orderFront()
      window.orderBack()
      window.close()
    }
    #expect(closed == nil)
    #expect(app.windows.count == 1 && app.windows.first === keep)
  }

  @Test func aWindowAddedToAnotherApplicationLeavesTheFirstOnesList() {
    let (first, second) = (Application(), Application())
    let window = Window()
    first.addWindow(window)
    second.addWindow(window)
    #expect(first.windows.isEmpty && !first.lists(window))
    #expect(second.windows.count == 1 && window.isVisible)
  }
}
