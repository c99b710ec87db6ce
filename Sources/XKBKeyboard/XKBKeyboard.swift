import CXKBCommon
import ResponderKit
