/// A frame drawn over the previous one by ``Application/renderFrame()``.
package struct DamagedFrame {
  /// The whole screen. It shares storage with the application's kept frame: drop it before
  /// the next frame, or that frame copies it.
  package var buffer: CellBuffer
  /// Per row, whether it may differ from the frame of generation `generation - 1`; nil when
  /// any row may (the first frame, a resize, a structural change).
  package var changedRows: [Bool]?
  /// The frame's number: consecutive frames have consecutive numbers.
  package var generation: Int
  /// With ``Application/checksDamage``: the screen drawn anew, which `buffer` was checked
  /// against.
  var checked: CellBuffer?
}
