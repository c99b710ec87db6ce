import Testing

@testable import ResponderKit

/// A delegate that logs its calls and answers as configured.
@MainActor
private final class SplitLog: SplitViewDelegate {
  var calls: [String] = []
  var minimum: Double?
  var maximum: Double?
  var snap: Double?
  var collapsible: Set<ObjectIdentifier> = []
  var fixed: Set<ObjectIdentifier> = []

  func splitView(_ splitView: SplitView, constrainMinCoordinate proposed: Double, ofSubviewAt index: Int)
    -> Double
  {
    calls.append("min \(Int(proposed)) #\(index)")
    return minimum ?? proposed
  }
  func splitView(_ splitView: SplitView, constrainMaxCoordinate proposed: Double, ofSubviewAt index: Int)
    -> Double
  {
    calls.append("max \(Int(proposed)) #\(index)")
    return maximum ?? proposed
  }
  func splitView(_ splitView: SplitView, constrainSplitPosition proposed: Double, ofSubviewAt index: Int)
    -> Double
  {
    calls.append("position \(Int(proposed)) #\(index)")
    return snap.map { ($0 * (proposed / $0).rounded()) } ?? proposed
  }
  func splitView(_ splitView: SplitView, canCollapseSubview subview: View) -> Bool {
    collapsible.contains(ObjectIdentifier(subview))
  }
  func splitView(_ splitView: SplitView, shouldAdjustSizeOfSubview subview: View) -> Bool {
    !fixed.contains(ObjectIdentifier(subview))
  }
  func splitViewWillResizeSubviews(_ splitView: SplitView) { calls.append("will") }
  func splitViewDidResizeSubviews(_ splitView: SplitView) { calls.append("did") }
}

@MainActor
struct SplitViewTests {
  let harness = ControlHarness()
  let panes = [View(), View(), View()]
  let split: SplitView
  private let log = SplitLog()

  init() {
    split = SplitView(frame: Rect(x: 0, y: 0, width: 32, height: 5), arrangedSubviews: panes)
    harness.add(split)
    split.layoutIfNeeded()
  }

  private var widths: [Double] { panes.map(\.frame.width) }
  private var origins: [Double] { panes.map(\.frame.minX) }

  @Test func panesShareTheLengthEquallyWithOneCellDividers() {
    #expect(widths == [10, 10, 10])
    #expect(origins == [0, 11, 22])
    #expect(panes.allSatisfy { $0.frame.height == 5 })
    let row = harness.rows(1)[0]
    #expect(Array(row)[10] == "│" && Array(row)[21] == "│")
  }

  @Test func aHorizontalSplitStacksPanesWithRowDividers() {
    split.isVertical = false
    split.frame = Rect(x: 0, y: 0, width: 20, height: 11)
    split.layoutIfNeeded()
    #expect(panes.map(\.frame.height) == [3, 3, 3])
    #expect(panes.map(\.frame.minY) == [0, 4, 8])
    #expect(harness.rows(4)[3].hasPrefix(String(repeating: "─", count: 20)))
  }

  @Test func draggingADividerResizesTheTwoPanesAroundIt() {
    harness.touch(.began, 10, 2)
    harness.touch(.moved, 15, 2)
    #expect(widths == [15, 5, 10])
    harness.touch(.moved, 40, 2)  // past the next pane: it shrinks to nothing, no further
    #expect(widths == [20, 0, 10])
    harness.touch(.ended, 3, 2)
    #expect(widths == [3, 17, 10])
    #expect(origins == [0, 4, 22])
  }

  @Test func aPressBesideTheDividersMovesNothing() {
    harness.touch(.began, 5, 2)
    harness.touch(.moved, 15, 2)
    harness.touch(.ended, 15, 2)
    #expect(widths == [10, 10, 10])
  }

  @Test func theDelegateConstrainsTheMinimumAndMaximumInAppKitsOrder() {
    split.delegate = log
    log.minimum = 4
    log.maximum = 16
    split.setPosition(1, ofDividerAt: 0)
    #expect(widths == [4, 16, 10])
    // setPosition skips constrainSplitPosition (only the user's moves snap).
    #expect(log.calls == ["min 0 #0", "max 20 #0", "will", "did"])
    log.calls = []
    harness.touch(.began, 4, 1)
    harness.touch(.moved, 30, 1)
    #expect(widths == [16, 4, 10])
    #expect(log.calls == ["position 30 #0", "min 0 #0", "max 20 #0", "will", "did"])
  }

  @Test func theDelegateSnapsTheUsersMoves() {
    split.delegate = log
    log.snap = 4
    harness.touch(.began, 10, 1)
    harness.touch(.moved, 13, 1)
    #expect(widths == [12, 8, 10])
  }

  @Test func aPaneTheDelegateLetsCollapseCollapsesPastHalfItsMinimum() {
    split.delegate = log
    log.minimum = 6
    log.collapsible = [ObjectIdentifier(panes[0])]
    split.setPosition(4, ofDividerAt: 0)  // past the minimum, not past half of it: stops at 6
    #expect(widths == [6, 14, 10])
    #expect(!split.isSubviewCollapsed(panes[0]))
    split.setPosition(2, ofDividerAt: 0)
    #expect(widths == [0, 20, 10])
    #expect(split.isSubviewCollapsed(panes[0]))
    // Without the delegate's leave the other side stops at its limit.
    log.maximum = 15
    split.setPosition(25, ofDividerAt: 0)
    #expect(widths == [15, 5, 10])
  }

  @Test func arrowsAlongTheAxisMoveTheSelectedDividerAndAcrossItPickOne() {
    harness.window.makeFirstResponder(split)
    #expect(split.isFirstResponder)
    harness.key(.right)
    harness.key(.right)
    #expect(widths == [12, 8, 10])
    harness.key(.down)
    #expect(split.selectedDividerIndex == 1)
    harness.key(.left)
    #expect(widths == [12, 7, 11])
    harness.key(.down)  // no third divider
    #expect(split.selectedDividerIndex == 1)
    harness.key(.end)
    #expect(widths == [12, 18, 0])
    harness.key(.up)
    harness.key(.home)
    #expect(widths == [0, 30, 0])
  }

  @Test func theFocusedDividerIsDrawnReversed() {
    harness.window.makeFirstResponder(split)
    let screen = harness.app.renderScreen()
    #expect(screen[10, 0].style.attributes.contains(.reverse))
    #expect(!screen[21, 0].style.attributes.contains(.reverse))
  }

  @Test func resizingGivesTheDifferenceToPanesThatMayAdjustInProportion() {
    split.delegate = log
    split.setPosition(6, ofDividerAt: 0)  // 6, 14, 10
    log.fixed = [ObjectIdentifier(panes[0])]
    split.frame.size.width = 44
    split.layoutIfNeeded()
    #expect(widths == [6, 21, 15])
    split.frame.size.width = 20
    split.layoutIfNeeded()
    #expect(widths[0] == 6)
    #expect(widths.reduce(0, +) == 18)
  }

  @Test func shrinkingBelowAPaneTakesTheRestFromTheOthers() {
    split.frame.size.width = 4
    split.layoutIfNeeded()
    #expect(widths.reduce(0, +) == 2)
    #expect(widths.allSatisfy { $0 >= 0 })
    split.frame.size.width = 0
    split.layoutIfNeeded()
    #expect(widths == [0, 0, 0])
  }

  @Test func hostilePositionsAndIndicesAreClampedOrIgnored() {
    split.setPosition(.nan, ofDividerAt: 0)
    #expect(widths == [0, 20, 10])
    split.setPosition(.infinity, ofDividerAt: 1)
    #expect(widths == [0, 30, 0])
    split.setPosition(5, ofDividerAt: 2)
    split.setPosition(5, ofDividerAt: -1)
    split.setPosition(5, ofDividerAt: .max)
    #expect(widths == [0, 30, 0])
  }

  @Test func addingOrRemovingAPaneSharesTheRoomAgain() {
    split.setPosition(3, ofDividerAt: 0)
    panes[2].removeFromSuperview()
    split.layoutIfNeeded()
    #expect(split.arrangedSubviews.count == 2)
    #expect(widths[0...1] == [16, 15])
    let extra = View()
    split.insertArrangedSubview(extra, at: 0)
    split.layoutIfNeeded()
    #expect(extra.frame.width == 10 && panes[0].frame.minX == 11)
  }

  @Test func aGoneDelegateIsANormalCase() {
    var delegate: SplitLog? = SplitLog()
    delegate?.minimum = 8
    split.delegate = delegate
    delegate = nil
    split.setPosition(2, ofDividerAt: 0)
    #expect(widths == [2, 18, 10])
  }
}
