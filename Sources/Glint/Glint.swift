@_exported import struct Foundation.CGFloat
@_exported import struct Foundation.CGPoint
@_exported import struct Foundation.CGSize
@_exported import struct Foundation.CGRect
@_exported import struct Foundation.URL
@_exported import struct Foundation.Data
