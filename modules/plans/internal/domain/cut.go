package domain

// Cut divides items of the given weights, kept in order, into n consecutive
// slots of about equal weight: slot j ends at the item boundary where the
// cumulative weight comes nearest to (j+1) x total / n. It returns, for each
// slot, the index one past its last item. With at least n items every slot
// gets one; with fewer, the items take one slot each, spaced out so that
// the last item lands in the last slot and the others keep their distance.
func Cut(weights []int, n int) []int {
	ends := make([]int, n)
	g := len(weights)
	if n <= 0 {
		return nil
	}
	if g < n {
		// Item i goes to slot (i+1) x n / g - 1; the slots before hold what
		// came before, so the ends are the counts of items placed so far.
		placed := 0
		for j := range n {
			for placed < g && (placed+1)*n/g-1 <= j {
				placed++
			}
			ends[j] = placed
		}
		return ends
	}
	cum := make([]int, g+1)
	for i, w := range weights {
		cum[i+1] = cum[i] + w
	}
	total := cum[g]
	prev := 0
	for j := range n - 1 {
		// Keep at least one item in this slot and one for each later slot.
		lo, hi := prev+1, g-(n-1-j)
		target := float64(total) * float64(j+1) / float64(n)
		best := lo
		for k := lo; k <= hi; k++ {
			if abs(float64(cum[k])-target) < abs(float64(cum[best])-target) {
				best = k
			}
			if float64(cum[k]) > target {
				break
			}
		}
		ends[j] = best
		prev = best
	}
	ends[n-1] = g
	return ends
}

func abs(x float64) float64 {
	if x < 0 {
		return -x
	}
	return x
}
