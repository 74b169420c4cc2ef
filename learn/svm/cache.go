package svm

// colCache keeps columns of the Q matrix in a least-recently-used list, as
// libsvm's Cache class does (Chang & Lin, "LIBSVM: a library for support
// vector machines", ACM TIST 2011, sec. 5.1): a column is cached as a prefix
// [0, len) of its entries in the solver's current index order, extended when
// a longer prefix is requested, and swapping two indices swaps the entries
// of every cached column.
//
// Unlike libsvm, every column owns a slot of the full length l, carved from
// the budget once and recycled on eviction, so that a fit allocates its
// cache memory once instead of once per column; and a prefix that holds only
// the first of two swapped indices is cut short before it instead of being
// dropped. Neither changes a computed value, only which ones are recomputed.
type colCache struct {
	l     int
	slots int         // columns the budget allows (at least 2)
	made  int         // slots allocated so far
	data  [][]float32 // data[i]: cached prefix of column i (nil: none)
	free  [][]float32 // recycled slots
	// Circular doubly linked LRU list over column indices; index l is the
	// sentinel, next[l] the least recently used column.
	prev, next []int32
}

func newColCache(l int, bytes float64) *colCache {
	c := &colCache{
		l:     l,
		slots: max(2, min(l, int(bytes/(4*float64(l))))),
		data:  make([][]float32, l),
		prev:  make([]int32, l+1),
		next:  make([]int32, l+1),
	}
	c.prev[l], c.next[l] = int32(l), int32(l)
	return c
}

func (c *colCache) unlink(i int32) {
	c.next[c.prev[i]] = c.next[i]
	c.prev[c.next[i]] = c.prev[i]
}

func (c *colCache) pushBack(i int32) {
	s := int32(c.l)
	c.next[i], c.prev[i] = s, c.prev[s]
	c.next[c.prev[s]] = i
	c.prev[s] = i
}

// slot returns an empty column slot, evicting the least recently used
// column when the budget is spent.
func (c *colCache) slot() []float32 {
	if k := len(c.free); k > 0 {
		s := c.free[k-1]
		c.free = c.free[:k-1]
		return s
	}
	if c.made < c.slots {
		c.made++
		return make([]float32, 0, c.l)
	}
	h := c.next[c.l]
	c.unlink(h)
	s := c.data[h][:0]
	c.data[h] = nil
	return s
}

// get returns column i holding at least n entries and the index from which
// entries must still be computed (n when none).
func (c *colCache) get(i, n int) (col []float32, start int) {
	ii := int32(i)
	if c.data[i] != nil {
		c.unlink(ii)
	} else {
		c.data[i] = c.slot()
	}
	start = len(c.data[i])
	if start < n {
		c.data[i] = c.data[i][:n]
	} else {
		start = n
	}
	c.pushBack(ii)
	return c.data[i], start
}

// swap exchanges indices i and j in the cache.
func (c *colCache) swap(i, j int) {
	if i == j {
		return
	}
	ii, jj := int32(i), int32(j)
	if c.data[i] != nil {
		c.unlink(ii)
	}
	if c.data[j] != nil {
		c.unlink(jj)
	}
	c.data[i], c.data[j] = c.data[j], c.data[i]
	if c.data[i] != nil {
		c.pushBack(ii)
	}
	if c.data[j] != nil {
		c.pushBack(jj)
	}
	if i > j {
		i, j = j, i
	}
	s := int32(c.l)
	for h := c.next[s]; h != s; {
		nx := c.next[h]
		if col := c.data[h]; len(col) > i {
			if len(col) > j {
				col[i], col[j] = col[j], col[i]
			} else if i > 0 {
				c.data[h] = col[:i] // entry i is no longer known
			} else {
				c.unlink(h)
				c.free = append(c.free, col[:0])
				c.data[h] = nil
			}
		}
		h = nx
	}
}
