import Testing

@testable import ResponderKit

/// StackView follows UIStackView's documented rules (Apple, "UIStackView": arranged views are
/// laid out along the axis; hidden arranged views take no space; `.fillEqually` gives every view
/// the same size; `.equalSpacing` pads the gaps evenly; the alignments place views across the
/// axis), in whole cells. Autoresizing follows UIView.AutoresizingMask.
@MainActor
@Suite("StackView and autoresizing")
struct StackViewTests {
  private func box(_ width: Double, _ height: Double) -> View {
    View(frame: Rect(x: 0, y: 0, width: width, height: height))
  }

  private func frames(_ stack: StackView) -> [Rect] {
    stack.setNeedsLayout()
    stack.layoutIfNeeded()
    return stack.arrangedSubviews.map(\.frame)
  }

  @Test func verticalFillGivesTheRoomLeftToTheFlexibleView() {
    let stack = StackView(frame: Rect(x: 0, y: 0, width: 20, height: 10))
    let title = Label(text: "Title")
    let body = box(0, 0)
    let status = Label(text: "ok")
    stack.addArrangedSubview(title)
    stack.addArrangedSubview(body, flexible: true)
    stack.addArrangedSubview(status)
    #expect(
      frames(stack) == [
        Rect(x: 0, y: 0, width: 20, height: 1), Rect(x: 0, y: 1, width: 20, height: 8),
        Rect(x: 0, y: 9, width: 20, height: 1),
      ])
  }

  @Test func fillWithNoFlexibleViewStretchesTheLast() {
    let stack = StackView(
      arrangedSubviews: [Label(text: "ab"), Label(text: "cd")], axis: .horizontal, spacing: 1)
    stack.frame = Rect(x: 0, y: 0, width: 10, height: 1)
    #expect(frames(stack) == [Rect(x: 0, y: 0, width: 2, height: 1), Rect(x: 3, y: 0, width: 7, height: 1)])
  }

  @Test func horizontalFillEquallyMakesEveryViewTheSameWidth() {
    let stack = StackView(
      frame: Rect(x: 0, y: 0, width: 11, height: 2), arrangedSubviews: [box(1, 1), box(5, 1), box(2, 1)],
      axis: .horizontal, spacing: 1)
    stack.distribution = .fillEqually
    #expect(
      frames(stack) == [
        Rect(x: 0, y: 0, width: 3, height: 2), Rect(x: 4, y: 0, width: 3, height: 2),
        Rect(x: 8, y: 0, width: 3, height: 2),
      ])
    // A remainder goes to the first views.
    stack.frame.size.width = 12
    #expect(frames(stack).map(\.width) == [4, 3, 3])
  }

  @Test func fillProportionallyScalesTheNaturalLengths() {
    let stack = StackView(
      frame: Rect(x: 0, y: 0, width: 16, height: 1), arrangedSubviews: [box(2, 1), box(6, 1)],
      axis: .horizontal)
    stack.distribution = .fillProportionally
    #expect(frames(stack).map(\.width) == [4, 12])
  }

  @Test func equalSpacingWidensTheGapsEvenly() {
    let stack = StackView(
      frame: Rect(x: 0, y: 0, width: 20, height: 1), arrangedSubviews: [box(2, 1), box(2, 1), box(2, 1)],
      axis: .horizontal, spacing: 1)
    stack.distribution = .equalSpacing
    #expect(frames(stack).map(\.minX) == [0, 9, 18])
  }

  @Test(arguments: [
    (StackView.Alignment.fill, 0.0, 5.0), (.leading, 0, 1), (.center, 2, 1), (.trailing, 4, 1),
  ])
  func alignmentPlacesViewsAcrossTheAxis(alignment: StackView.Alignment, y: Double, height: Double) {
    let stack = StackView(
      frame: Rect(x: 0, y: 0, width: 10, height: 5), arrangedSubviews: [Label(text: "hi")], axis: .horizontal)
    stack.alignment = alignment
    #expect(frames(stack) == [Rect(x: 0, y: y, width: 10, height: height)])
  }

  @Test func verticalAlignmentUsesTheNaturalWidth() {
    let stack = StackView(
      frame: Rect(x: 0, y: 0, width: 10, height: 3), arrangedSubviews: [Label(text: "hey")])
    stack.alignment = .trailing
    stack.distribution = .equalSpacing
    #expect(frames(stack) == [Rect(x: 7, y: 0, width: 3, height: 1)])
  }

  @Test func hiddenViewsCollapseAndComeBack() {
    let a = Label(text: "a")
    let b = Label(text: "b")
    let c = Label(text: "c")
    let stack = StackView(
      frame: Rect(x: 0, y: 0, width: 5, height: 5), arrangedSubviews: [a, b, c], spacing: 1)
    stack.distribution = .equalSpacing
    stack.layoutIfNeeded()
    #expect([a, b, c].map(\.frame.minY) == [0, 2, 4])
    b.isHidden = true
    #expect(stack.needsLayout)
    stack.layoutIfNeeded()
    #expect(a.frame.minY == 0)
    #expect(c.frame.minY == 4)
    stack.distribution = .fill
    stack.layoutIfNeeded()
    #expect(c.frame == Rect(x: 0, y: 2, width: 5, height: 3))
    b.isHidden = false
    stack.layoutIfNeeded()
    #expect([a, b, c].map(\.frame.minY) == [0, 2, 4])
  }

  @Test func resizingTheStackLaysItOutAgain() {
    let body = box(0, 0)
    let stack = StackView(frame: Rect(x: 0, y: 0, width: 10, height: 4), arrangedSubviews: [Label(text: "t")])
    stack.addArrangedSubview(body, flexible: true)
    stack.layoutIfNeeded()
    #expect(body.frame == Rect(x: 0, y: 1, width: 10, height: 3))
    stack.frame = Rect(x: 0, y: 0, width: 30, height: 12)
    #expect(stack.needsLayout)
    stack.layoutIfNeeded()
    #expect(body.frame == Rect(x: 0, y: 1, width: 30, height: 11))
  }

  @Test func removedViewsLeaveTheArrangement() {
    let a = Label(text: "a")
    let b = Label(text: "b")
    let stack = StackView(frame: Rect(x: 0, y: 0, width: 5, height: 5), arrangedSubviews: [a, b])
    b.removeFromSuperview()
    #expect(stack.arrangedSubviews.map { $0 === a } == [true])
    stack.removeArrangedSubview(a)
    #expect(stack.arrangedSubviews.isEmpty)
    #expect(a.superview === stack)
  }

  @Test func autoresizingStretchesTheFlexibleParts() {
    let parent = box(20, 10)
    let wide = box(10, 3)
    wide.frame.origin = Point(x: 2, y: 2)
    wide.autoresizingMask = .flexibleWidth
    let pinnedRight = box(4, 1)
    pinnedRight.frame.origin = Point(x: 16, y: 0)
    pinnedRight.autoresizingMask = .flexibleLeftMargin
    let floating = box(4, 3)
    floating.frame.origin = Point(x: 0, y: 2)
    floating.autoresizingMask = [.flexibleTopMargin, .flexibleBottomMargin]
    let fixed = box(3, 3)
    for view in [wide, pinnedRight, floating, fixed] { parent.addSubview(view) }
    parent.frame.size = Size(width: 30, height: 17)
    #expect(wide.frame == Rect(x: 2, y: 2, width: 20, height: 3))
    #expect(pinnedRight.frame == Rect(x: 26, y: 0, width: 4, height: 1))
    // 7 more rows shared 2 : 5 between the margins above (2) and below (5).
    #expect(floating.frame == Rect(x: 0, y: 4, width: 4, height: 3))
    #expect(fixed.frame == Rect(x: 0, y: 0, width: 3, height: 3))
  }
}
