/// Time as every rule sees it: milliseconds on a monotonic clock that the caller supplies.
public typealias Milliseconds = Double
