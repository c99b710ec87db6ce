/// Steers a ``SplitView``'s dividers and resizing: AppKit's `NSSplitViewDelegate`. Held
/// weakly; every method is optional (the defaults in the extension are what `NSSplitView`
/// does without a delegate; see <doc:OptionalDelegateMethods>).
///
/// Positions are in the split view's coordinates along its axis (columns when
/// ``SplitView/isVertical``, rows otherwise): the position of divider `i` is the coordinate of
/// its own cell, so the pane before it ends there and the pane after it starts one cell later.
@MainActor
public protocol SplitViewDelegate: AnyObject {
  /// The smallest position divider `dividerIndex` may take when the user (or
  /// ``SplitView/setPosition(_:ofDividerAt:)``) moves it; `proposedMinimumPosition` is the
  /// start of the pane before it (that pane at zero size). Default: the proposal.
  func splitView(
    _ splitView: SplitView, constrainMinCoordinate proposedMinimumPosition: Double,
    ofSubviewAt dividerIndex: Int
  ) -> Double
  /// The largest position the divider may take; `proposedMaximumPosition` leaves the pane
  /// after it at zero size. Default: the proposal.
  func splitView(
    _ splitView: SplitView, constrainMaxCoordinate proposedMaximumPosition: Double,
    ofSubviewAt dividerIndex: Int
  ) -> Double
  /// Called repeatedly while the user drags or keys a divider, before the minimum and maximum
  /// apply: the place to snap to a grid. Default: the proposal.
  func splitView(
    _ splitView: SplitView, constrainSplitPosition proposedPosition: Double, ofSubviewAt dividerIndex: Int
  ) -> Double
  /// Whether a move past the minimum (or maximum) collapses the pane before (or after) the
  /// divider to nothing instead of stopping there. Default: no.
  func splitView(_ splitView: SplitView, canCollapseSubview subview: View) -> Bool
  /// Whether `subview` takes part when the split view itself changes size: answering false
  /// keeps that pane's size (a sidebar), AppKit's holding-priority rule. Default: yes.
  func splitView(_ splitView: SplitView, shouldAdjustSizeOfSubview subview: View) -> Bool
  /// The panes are about to get new sizes (a divider moved, or the split view was resized).
  func splitViewWillResizeSubviews(_ splitView: SplitView)
  /// The panes got new sizes.
  func splitViewDidResizeSubviews(_ splitView: SplitView)
}

extension SplitViewDelegate {
  /// The proposal.
  public func splitView(
    _ splitView: SplitView, constrainMinCoordinate proposedMinimumPosition: Double,
    ofSubviewAt dividerIndex: Int
  ) -> Double { proposedMinimumPosition }
  /// The proposal.
  public func splitView(
    _ splitView: SplitView, constrainMaxCoordinate proposedMaximumPosition: Double,
    ofSubviewAt dividerIndex: Int
  ) -> Double { proposedMaximumPosition }
  /// The proposal.
  public func splitView(
    _ splitView: SplitView, constrainSplitPosition proposedPosition: Double, ofSubviewAt dividerIndex: Int
  ) -> Double { proposedPosition }
  /// No pane collapses.
  public func splitView(_ splitView: SplitView, canCollapseSubview subview: View) -> Bool { false }
  /// Every pane resizes.
  public func splitView(_ splitView: SplitView, shouldAdjustSizeOfSubview subview: View) -> Bool { true }
  /// Does nothing.
  public func splitViewWillResizeSubviews(_ splitView: SplitView) {}
  /// Does nothing.
  public func splitViewDidResizeSubviews(_ splitView: SplitView) {}
}
