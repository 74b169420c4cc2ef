// Package registry is the one way gsbench registers things by name: methods,
// metrics, dataset generators, function families and datasets are each a
// Set of specifications that their packages fill at initialization and that
// the command line and the experiment harness look up.
//
// A Set keeps names unique (adding a name twice is a programming error and
// panics), returns its entries sorted by name, and answers an unknown name
// with an error that lists the known ones and suggests the closest:
//
//	var families = registry.New[FamilySpec]("family")
//	families.Add("multilinear", FamilySpec{...})
//	spec, err := families.Get("multilinar") // unknown family "multilinar" (did you mean "multilinear"?); known: ...
package registry
