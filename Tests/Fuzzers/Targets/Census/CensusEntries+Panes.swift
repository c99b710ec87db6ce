import ResponderKit

/// A split view delegate whose limits and snapping answer one hostile value.
@MainActor final class CensusSplitDelegate: SplitViewDelegate {
  var minimum: Double?
  var maximum: Double?
  var position: Double?
  func splitView(_ splitView: SplitView, constrainMinCoordinate proposed: Double, ofSubviewAt index: Int)
    -> Double
  {
    minimum ?? proposed
  }
  func splitView(_ splitView: SplitView, constrainMaxCoordinate proposed: Double, ofSubviewAt index: Int)
    -> Double
  {
    maximum ?? proposed
  }
  func splitView(_ splitView: SplitView, constrainSplitPosition proposed: Double, ofSubviewAt index: Int)
    -> Double
  {
    position ?? proposed
  }
  func splitView(_ splitView: SplitView, canCollapseSubview subview: View) -> Bool { true }
}

/// A shown three-pane split view, its panes within its width whatever happened.
@MainActor private func censusSplit(_ stage: CensusStage, delegate: CensusSplitDelegate? = nil) -> SplitView {
  let split = SplitView(arrangedSubviews: [View(), View(), View()])
  split.delegate = delegate
  return stage.show(split)
}

@MainActor private func checkPanes(_ split: SplitView, _ stage: CensusStage) {
  split.layoutIfNeeded()
  let total = split.arrangedSubviews.map(\.frame.width).reduce(0, +)
  let dividers = Double(split.arrangedSubviews.count - 1)
  stage.expect(
    total == max(0, split.bounds.width - dividers), "panes \(split.arrangedSubviews.map(\.frame.width))")
  stage.expect(split.arrangedSubviews.allSatisfy { $0.frame.width >= 0 })
}

extension CensusEntry {
  /// Split views, status bars and progress indicators.
  @MainActor static let panes: [CensusEntry] = [
    CensusEntry("ResponderKit.SplitView.init(frame:arrangedSubviews:isVertical:) frame: Rect", .geometry) {
      stage, v in stage.frameBeforeShowing(SplitView(frame: v, arrangedSubviews: [View(), View()]))
    },
    CensusEntry("ResponderKit.SplitView.insertArrangedSubview(_:at:) at: Int", .accepted) {
      (stage: CensusStage, v: Int) -> Int? in
      let split = censusSplit(stage)
      split.insertArrangedSubview(View(), at: v)
      checkPanes(split, stage)
      stage.expect(split.arrangedSubviews.count == 4)
      return nil
    },
    CensusEntry("ResponderKit.SplitView.setPosition(_:ofDividerAt:) position: Double", .accepted) {
      (stage: CensusStage, v: Double) -> Double? in
      let split = censusSplit(stage)
      split.setPosition(v, ofDividerAt: 0)
      checkPanes(split, stage)
      return nil
    },
    CensusEntry("ResponderKit.SplitView.setPosition(_:ofDividerAt:) ofDividerAt: Int", .accepted) {
      (stage: CensusStage, v: Int) -> Int? in
      let split = censusSplit(stage)
      split.setPosition(5, ofDividerAt: v)
      checkPanes(split, stage)
      return nil
    },
    CensusEntry(
      "ResponderKit.SplitViewDelegate.splitView(_:constrainMinCoordinate:ofSubviewAt:) -> Double", .accepted
    ) {
      (stage: CensusStage, v: Double) -> Double? in
      let delegate = CensusSplitDelegate()
      delegate.minimum = v
      let split = censusSplit(stage, delegate: delegate)
      split.setPosition(3, ofDividerAt: 0)
      checkPanes(split, stage)
      return nil
    },
    CensusEntry(
      "ResponderKit.SplitViewDelegate.splitView(_:constrainMaxCoordinate:ofSubviewAt:) -> Double", .accepted
    ) {
      (stage: CensusStage, v: Double) -> Double? in
      let delegate = CensusSplitDelegate()
      delegate.maximum = v
      let split = censusSplit(stage, delegate: delegate)
      split.setPosition(20, ofDividerAt: 1)
      checkPanes(split, stage)
      return nil
    },
    CensusEntry(
      "ResponderKit.SplitViewDelegate.splitView(_:constrainSplitPosition:ofSubviewAt:) -> Double", .accepted
    ) {
      (stage: CensusStage, v: Double) -> Double? in
      let delegate = CensusSplitDelegate()
      delegate.position = v
      let split = censusSplit(stage, delegate: delegate)
      // The user's moves snap: the arrow keys on the focused split view.
      stage.driver.press("Right")
      stage.driver.press("End")
      checkPanes(split, stage)
      return nil
    },
    CensusEntry("ResponderKit.StatusBar.init(frame:items:) frame: Rect", .geometry) { stage, v in
      stage.frameBeforeShowing(StatusBar(frame: v, items: [StatusBarItem(key: "F1", title: "keys")]))
    },
    CensusEntry("ResponderKit.ProgressIndicator.init(frame:style:) frame: Rect", .geometry) { stage, v in
      stage.frameBeforeShowing(ProgressIndicator(frame: v))
    },
    // A bar's size follows the frame it is laid out in: sizes come back finite, one row high.
    argument("ResponderKit.StatusBar.sizeThatFits(_:) size: Size", Size.self, { StatusBar() }) { bar, v in
      bar.frame.size = bar.sizeThatFits(v)
      bar.stage?.expect(bar.frame.height == 1)
    },
    argument(
      "ResponderKit.StatusBarItem.sizeThatFits(_:) size: Size", Size.self, { StatusBarItem(title: "keys") }
    ) {
      item, v in item.frame.size = item.sizeThatFits(v)
    },
    argument("ResponderKit.ProgressIndicator.sizeThatFits(_:) size: Size", Size.self, { ProgressIndicator() })
    {
      bar, v in bar.frame.size = bar.sizeThatFits(v)
    },
    property(
      "ResponderKit.ProgressIndicator.doubleValue: Double", .clamped(to: 0...100, nan: 0),
      { ProgressIndicator() },
      \.doubleValue),
    property(
      "ResponderKit.ProgressIndicator.minValue: Double", .geometry, { ProgressIndicator() }, \.minValue),
    property(
      "ResponderKit.ProgressIndicator.maxValue: Double", .geometry, { ProgressIndicator() }, \.maxValue),
  ]
}
