/// An application's windows, front to back by level, where ordering a window costs O(1).
///
/// The rule is AppKit's, applied as if after each operation: windows of a higher level are in
/// front; a window ordered front goes first among the windows of its level, one ordered back
/// or added goes last, and the others keep their order. Applying it eagerly scanned and sorted
/// the whole list each time (building 10,000 windows took 25 s), so an operation only notes
/// what happened, and the list is brought up to date when it is next read — drawing a frame,
/// hit-testing a touch, ``Application/windows`` — by one pass that merges the windows moved
/// since into the others. Levels must not change while operations are pending, so a batch is
/// ordered by one set of levels: ``settle(level:)`` runs before a level changes.
///
/// Closed windows leave at once (no reference to them is kept) through the index each window
/// remembers of its slot.
@MainActor
struct WindowList {
  /// The windows as last brought up to date, front to back.
  private var ordered: [Window] = []
  /// Orderings since then, oldest first: the window and whether it went to the front.
  private var pending: [(window: Window, front: Bool)] = []
  /// Whether a level changed since then, so the windows must be sorted again.
  private var levelsChanged = false
  /// This list, as windows remember which list holds them.
  private let identity = WindowList.makeNumber()

  private static var numbers = 0
  private static func makeNumber() -> Int {
    numbers &+= 1
    return numbers
  }

  /// Whether the list holds `window`.
  func contains(_ window: Window) -> Bool {
    window.windowListIdentity == identity
  }

  /// Orders `window` in front of (or behind) the others of its level, adding it if needed.
  mutating func order(_ window: Window, front: Bool, level: (Window) -> Window.Level) {
    window.windowListIdentity = identity
    pending.append((window, front))
    // Bounded even if nothing reads the list: settling after more orderings than windows
    // keeps each ordering O(1) amortized.
    if pending.count > 2 * ordered.count + 64 { settle(level: level) }
  }

  /// Removes `window`: one pointer-sized move of the windows behind it, and nothing here
  /// refers to it afterwards.
  mutating func remove(_ window: Window, level: (Window) -> Window.Level) {
    guard contains(window) else { return }
    settle(level: level)  // pending orderings may name it
    window.windowListIdentity = nil
    if let slot = window.windowListSlot, slot < ordered.count, ordered[slot] === window {
      ordered.remove(at: slot)
    } else if let slot = ordered.firstIndex(where: { $0 === window }) {
      ordered.remove(at: slot)
    }
  }

  /// Records that levels changed, so the next read sorts by them.
  mutating func levelsDidChange() {
    levelsChanged = true
  }

  /// The windows front to back, brought up to date.
  mutating func windows(level: (Window) -> Window.Level) -> [Window] {
    settle(level: level)
    return ordered
  }

  /// Brings `ordered` up to date (call it too before levels change, so what is pending is
  /// ordered by the old levels): the windows not moved since keep their order (sorted
  /// stably by level if a level changed), and the moved ones are merged in at the front or
  /// back of their level, the last moved first (front) or last (back).
  mutating func settle(level: (Window) -> Window.Level) {
    guard !pending.isEmpty || levelsChanged else { return }
    // The last ordering of each window decides where it goes; a mark tells them apart.
    var front: [Window] = []
    var back: [Window] = []
    let mark = WindowList.makeNumber()
    for (window, toFront) in pending.reversed() where window.windowListMark != mark {
      window.windowListMark = mark
      guard window.windowListIdentity == identity else { continue }  // removed since
      if toFront { front.append(window) } else { back.append(window) }
    }
    back.reverse()
    pending.removeAll(keepingCapacity: true)
    var rest = ordered
    if !front.isEmpty || !back.isEmpty {
      // Also drops a window another application's list took since.
      rest.removeAll { $0.windowListMark == mark || $0.windowListIdentity != identity }
    }
    let byLevel = { (a: Window, b: Window) in level(a) > level(b) }
    if levelsChanged { rest = rest.stableSorted(by: byLevel) }
    levelsChanged = false
    // A merge by level; on equal levels the windows moved to the front come first and those
    // moved to the back last.
    guard !front.isEmpty || !back.isEmpty else {
      ordered = rest
      for (slot, window) in ordered.enumerated() { window.windowListSlot = slot }
      return
    }
    front = front.stableSorted(by: byLevel)
    back = back.stableSorted(by: byLevel)
    ordered.removeAll(keepingCapacity: true)
    ordered.reserveCapacity(front.count + rest.count + back.count)
    var (f, r, b) = (0, 0, 0)
    while f < front.count || r < rest.count || b < back.count {
      let frontLevel = f < front.count ? level(front[f]) : nil
      let restLevel = r < rest.count ? level(rest[r]) : nil
      let backLevel = b < back.count ? level(back[b]) : nil
      let window: Window
      if let frontLevel, restLevel.map({ frontLevel >= $0 }) ?? true,
        backLevel.map({ frontLevel >= $0 }) ?? true
      {
        window = front[f]
        f += 1
      } else if let restLevel, backLevel.map({ restLevel >= $0 }) ?? true {
        window = rest[r]
        r += 1
      } else {
        window = back[b]
        b += 1
      }
      window.windowListSlot = ordered.count
      ordered.append(window)
    }
  }
}

extension Array {
  /// The elements sorted by `areInIncreasingOrder`, equal ones in their original order.
  fileprivate func stableSorted(by areInIncreasingOrder: (Element, Element) -> Bool) -> [Element] {
    guard count > 1 else { return self }
    return enumerated().sorted {
      areInIncreasingOrder($0.element, $1.element)
        || (!areInIncreasingOrder($1.element, $0.element) && $0.offset < $1.offset)
    }.map(\.element)
  }
}
