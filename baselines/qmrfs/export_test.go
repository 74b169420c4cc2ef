package qmrfs

// CPUTime is cpuTime for the external test package (table2_bench_test.go).
var CPUTime = cpuTime
