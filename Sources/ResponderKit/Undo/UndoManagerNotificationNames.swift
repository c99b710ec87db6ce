import Foundation

/// Foundation's spellings of the undo manager notifications, so code written against Apple's
/// `UndoManager` compiles unchanged.
extension Notification.Name {
  /// Same as ``UndoManager/checkpointNotification``.
  public static let NSUndoManagerCheckpoint = UndoManager.checkpointNotification
  /// Same as ``UndoManager/willUndoChangeNotification``.
  public static let NSUndoManagerWillUndoChange = UndoManager.willUndoChangeNotification
  /// Same as ``UndoManager/didUndoChangeNotification``.
  public static let NSUndoManagerDidUndoChange = UndoManager.didUndoChangeNotification
  /// Same as ``UndoManager/willRedoChangeNotification``.
  public static let NSUndoManagerWillRedoChange = UndoManager.willRedoChangeNotification
  /// Same as ``UndoManager/didRedoChangeNotification``.
  public static let NSUndoManagerDidRedoChange = UndoManager.didRedoChangeNotification
  /// Same as ``UndoManager/didOpenUndoGroupNotification``.
  public static let NSUndoManagerDidOpenUndoGroup = UndoManager.didOpenUndoGroupNotification
  /// Same as ``UndoManager/willCloseUndoGroupNotification``.
  public static let NSUndoManagerWillCloseUndoGroup = UndoManager.willCloseUndoGroupNotification
  /// Same as ``UndoManager/didCloseUndoGroupNotification``.
  public static let NSUndoManagerDidCloseUndoGroup = UndoManager.didCloseUndoGroupNotification
}
