;; Alpha-beta and NegaScout on implicit prefix value trees (Furtak & Buro 2009, Sec. 7) in WebAssembly,
;; the two parts of ./prefix-value-search.ts, node for node the same searches (the same values, best root
;; move and counts, the visit limit at the same count, the same annotation records and table entries;
;; tests compare it with the TypeScript kernel and the generic engine). ./prefix-value-wasm.ts runs it.
;;
;;  - `search`: without memories, natural or static estimate ordering (`search`, `frontier`, `expand`,
;;    `pick` there);
;;  - `annotatedSearch`: with the annotation tree of iterative deepening (Sec. 8) and a transposition
;;    table or none, ordered by value (integer keys) or by the weighted fastest-cut-first formula with P_i
;;    the hard threshold [V_i >= beta] or a learned table (`annotatedSearch`, `annotatedFrontier`,
;;    `orderChildren` there, search/ordering/fastest-cut-first.ts fcfWeighted for the keys, in the same
;;    double arithmetic);
;;  - `treeExpand`, `treeEstimates`: no search, the children and estimate keys of one node, for the
;;    generic engine's PrefixValueTree (./prefix-value-rows.ts, on an instance of its own);
;;  - `mptSize`: no search, the minimum proof tree branch and bound of ./prefix-value-mpt.ts (both
;;    denominators: `true` and `seen`), on an instance of its own, in rows of its own described there.
;;
;; The tree is the one ../util/hash.ts and ./prefix-value.ts generate: a child's state is
;; mix32(parent * 0x9e3779b1 + i + 1), its damage below(state, D + 1) (0 for the zero-damage child), the
;; number of children bmin + below(mix32(state ^ SALT_BRANCH), bspan), the zero-damage child
;; below(mix32(state ^ SALT_ZERO), n), the noise below(mix32(state ^ SALT_NOISE), 2E + 1) - E, where
;; below(h, n) = floor(h * n / 2^32) (h unsigned). Values are int32 (|value| < 2^27), so every difference
;; below stays inside int32.
;;
;; Memory (bytes):
;;  - rows of 64 entries per ply, for plies 0..64: int32 the children's states from 0, their values (in
;;    the parent's view negated: prefix value minus the parent's) from 16,640, their integer ordering keys
;;    from 33,280; doubles their ordering keys from 49,920 and tie keys from 83,200;
;;  - the frontier's leaf values (64 int32) from 116,480; the ordered node's V_i and S_i (64 doubles each)
;;    from 116,736 and 117,248; a learned P_i table (up to 1,536 doubles) from 118,784;
;;  - a transposition table of up to 2^20 entries from 131,072 (32 MiB), in the layout of
;;    ../search/transposition-table.ts (32 bytes: key words hi and lo, clear count, depth and move as
;;    int16 halves, then the lower and upper bound as doubles);
;;  - the records of an annotation tree (../search/annotation-tree.ts) from 33,685,504, 16 bytes each:
;;    first (int32), value (int32), the size's low 32 bits, degree (byte), seen (byte), the size's high 16
;;    bits. One record in one line where the tree's five rows cost five (the records of a node's children
;;    are read together); values are int32 here, and sizes below 2^48. They grow here when a search needs
;;    more records; the host copies a tree in when the kernel takes it and out when another reader needs
;;    it (./prefix-value-wasm.ts).
;; Counters are i64 (a search may pass 2^31 visits).
;;
;; Imports: `limit` (called when the visits pass the limit), `full` (called when the annotation rows
;; cannot grow) and `inconsistent` (the minimum proof tree found values that contradict each other: a
;; cut node (0) or a PV node (1), its ply and bound); all throw, unwinding the search.
(module
  (import "env" "limit" (func $limitReached))
  (import "env" "full" (func $memoryFull))
  (import "env" "inconsistent" (func $inconsistent (param i32 i32 i32)))
  (memory (export "memory") 2)
  ;; the tree (setTree)
  (global $bmin (mut i32) (i32.const 1))
  (global $bspan (mut i32) (i32.const 1))
  (global $dspan (mut i32) (i32.const 1))
  (global $zeroDamage (mut i32) (i32.const 1))
  (global $noiseE (mut i32) (i32.const 0))
  (global $noiseSpan (mut i32) (i32.const 1))
  (global $noisyLeaves (mut i32) (i32.const 0))
  (global $maxPly (mut i32) (i32.const 0))
  ;; the search (setSearch)
  (global $byEstimate (mut i32) (i32.const 0))
  (global $scout (mut i32) (i32.const 0))
  (global $visited (mut i64) (i64.const 0))
  (global $expanded (mut i64) (i64.const 0))
  (global $limit (mut i64) (i64.const 0x7fffffffffffffff))
  (global $rootMove (mut i32) (i32.const -1))
  ;; the annotated search (setOrdering, setTable, setAnnotations, annotatedSearch)
  (global $settled (mut i64) (i64.const 0))
  (global $frontierMove (mut i32) (i32.const -1))
  ;; what the table's prefetching loads read, written and never read, so that the optimiser keeps them
  (global $touched (mut i32) (i32.const 0))
  ;; ordering: integer value keys (else the weighted FCF keys wV*V - wR*s/P - wS*s, s = S / max S)
  (global $intKeys (mut i32) (i32.const 1))
  (global $randomUnexpanded (mut i32) (i32.const 0))
  (global $useTie (mut i32) (i32.const 0))
  ;; 0: every S_i known; 1: of children searched before; 2: of children expanded before
  (global $sizeMode (mut i32) (i32.const 0))
  (global $subtreeSize (mut i32) (i32.const 0))
  (global $sizeStandIn (mut f64) (f64.const 0))
  (global $wV (mut f64) (f64.const 1))
  (global $wR (mut f64) (f64.const 0))
  (global $wS (mut f64) (f64.const 0))
  ;; P_i: the hard threshold [V_i >= beta], or a learned table of P by the margin V_i - beta (rounded),
  ;; from minMargin, its last entry at lastP (learnedCutProbability)
  (global $learned (mut i32) (i32.const 0))
  (global $minMargin (mut f64) (f64.const 0))
  (global $lastP (mut f64) (f64.const 0))
  ;; the transposition table
  (global $hasTable (mut i32) (i32.const 0))
  (global $ttMask (mut i32) (i32.const 0))
  (global $ttEpoch (mut i32) (i32.const 0))
  (global $ttFirst (mut i32) (i32.const 1))
  ;; the annotation rows: capacity, records in use, and where each row starts
  ;; the annotation records: capacity and records in use
  (global $annCap (mut i32) (i32.const 0))
  (global $annCount (mut i32) (i32.const 1))
  ;; the minimum proof tree (mptSize): the leaf cost, a child's bounds (x & keep) - loE and x + hiE, the counts
  (global $mptL (mut f64) (f64.const 1))
  (global $mptKeep (mut i32) (i32.const -1))
  (global $mptLoE (mut i32) (i32.const 0))
  (global $mptHiE (mut i32) (i32.const 0))
  (global $mptExpanded (mut i64) (i64.const 0))
  (global $mptTests (mut i64) (i64.const 0))

  ;; MurmurHash3's finaliser (../util/hash.ts mix32)
  (func $mix32 (param $x i32) (result i32)
    (local.set $x (i32.xor (local.get $x) (i32.shr_u (local.get $x) (i32.const 16))))
    (local.set $x (i32.mul (local.get $x) (i32.const 0x85ebca6b)))
    (local.set $x (i32.xor (local.get $x) (i32.shr_u (local.get $x) (i32.const 13))))
    (local.set $x (i32.mul (local.get $x) (i32.const 0xc2b2ae35)))
    (i32.xor (local.get $x) (i32.shr_u (local.get $x) (i32.const 16))))

  ;; floor(h * n / 2^32), h unsigned: the multiply-high the TypeScript computes exactly in doubles
  (func $below (param $h i32) (param $n i32) (result i32)
    (i32.wrap_i64 (i64.shr_u (i64.mul (i64.extend_i32_u (local.get $h)) (i64.extend_i32_u (local.get $n))) (i64.const 32))))

  ;; the number of children of the node with state h
  (func $branching (param $h i32) (result i32)
    (if (result i32) (i32.eq (global.get $bspan) (i32.const 1))
      (then (global.get $bmin))
      (else (i32.add (global.get $bmin)
        (call $below (call $mix32 (i32.xor (local.get $h) (i32.const 0x68e31da4))) (global.get $bspan))))))

  ;; its zero-damage child, or 64 (no child) in a tree without one
  (func $zeroChild (param $h i32) (param $n i32) (result i32)
    (if (result i32) (global.get $zeroDamage)
      (then (call $below (call $mix32 (i32.xor (local.get $h) (i32.const 0x1b56c4e9))) (local.get $n)))
      (else (i32.const 64))))

  ;; the noisy estimate of the node with state h and value v (in its own view): v + below(noise hash, 2E + 1) - E
  (func $estimate (param $h i32) (param $v i32) (result i32)
    (i32.sub (i32.add (local.get $v)
      (call $below (call $mix32 (i32.xor (local.get $h) (i32.const 0x5851f42d))) (global.get $noiseSpan)))
      (global.get $noiseE)))

  ;; the estimate key of a child (state hc, value cv in its own view): its estimate in the parent's view
  (func $key (param $hc i32) (param $cv i32) (result i32)
    (i32.sub (i32.const 0) (call $estimate (local.get $hc) (local.get $cv))))

  ;; the value of a node at the horizon (state h, prefix value pv): its estimate with noisy leaves above the
  ;; tree's height, else its value (a terminal node below a deeper search among them)
  (func $horizonValue (param $ply i32) (param $h i32) (param $pv i32) (result i32)
    (if (result i32) (i32.and (global.get $noisyLeaves) (i32.lt_s (local.get $ply) (global.get $maxPly)))
      (then (call $estimate (local.get $h) (local.get $pv)))
      (else (local.get $pv))))

  ;; Children of the node (state h, prefix value pv) at `ply` into the ply's rows, with their estimate
  ;; keys under estimate ordering; returns their number. The damage is masked on the zero-damage child
  ;; rather than branched on (the branch mispredicts once per node).
  (func $expand (param $ply i32) (param $h i32) (param $pv i32) (result i32)
    (local $n i32) (local $z i32) (local $i i32) (local $at i32) (local $hc i32) (local $cv i32)
    (local.set $n (call $branching (local.get $h)))
    (local.set $z (call $zeroChild (local.get $h) (local.get $n)))
    (local.set $at (i32.shl (local.get $ply) (i32.const 8)))
    (loop $children
      (local.set $hc (call $mix32 (i32.add (i32.mul (local.get $h) (i32.const 0x9e3779b1)) (i32.add (local.get $i) (i32.const 1)))))
      (local.set $cv (i32.sub
        (i32.and (call $below (local.get $hc) (global.get $dspan))
          (i32.xor (i32.shr_s (i32.sub (i32.xor (local.get $i) (local.get $z)) (i32.const 1)) (i32.const 31)) (i32.const -1)))
        (local.get $pv)))
      (i32.store offset=0 (local.get $at) (local.get $hc))
      (i32.store offset=16640 (local.get $at) (local.get $cv))
      (if (global.get $byEstimate)
        (then (i32.store offset=33280 (local.get $at) (call $key (local.get $hc) (local.get $cv)))))
      (local.set $at (i32.add (local.get $at) (i32.const 4)))
      (br_if $children (i32.lt_u (local.tee $i (i32.add (local.get $i) (i32.const 1))) (local.get $n))))
    (local.get $n))

  ;; The untaken child with the highest key, lowest index on ties, marked taken (key -2^28): selected by
  ;; the sign of the difference, without a branch, as ./prefix-value-search.ts pick.
  (func $pick (param $ply i32) (param $n i32) (result i32)
    (local $base i32) (local $end i32) (local $m i32) (local $mk i32) (local $j i32) (local $x i32) (local $better i32)
    (local.set $base (i32.shl (local.get $ply) (i32.const 8)))
    (local.set $end (i32.add (local.get $base) (i32.shl (local.get $n) (i32.const 2))))
    (local.set $m (local.get $base))
    (local.set $mk (i32.load offset=33280 (local.get $base)))
    (local.set $j (i32.add (local.get $base) (i32.const 4)))
    (block $done
      (loop $keys
        (br_if $done (i32.ge_u (local.get $j) (local.get $end)))
        (local.set $x (i32.load offset=33280 (local.get $j)))
        (local.set $better (i32.shr_s (i32.sub (local.get $mk) (local.get $x)) (i32.const 31)))
        (local.set $m (i32.xor (local.get $m) (i32.and (i32.xor (local.get $m) (local.get $j)) (local.get $better))))
        (local.set $mk (i32.xor (local.get $mk) (i32.and (i32.xor (local.get $mk) (local.get $x)) (local.get $better))))
        (local.set $j (i32.add (local.get $j) (i32.const 4)))
        (br $keys)))
    (i32.store offset=33280 (local.get $m) (i32.const -0x10000000))
    (i32.shr_u (i32.sub (local.get $m) (local.get $base)) (i32.const 2)))

  ;; estimate keys of the ply's children already expanded
  (func $estimates (param $ply i32) (param $n i32)
    (local $at i32) (local $end i32)
    (local.set $at (i32.shl (local.get $ply) (i32.const 8)))
    (local.set $end (i32.add (local.get $at) (i32.shl (local.get $n) (i32.const 2))))
    (loop $children
      (i32.store offset=33280 (local.get $at)
        (call $key (i32.load offset=0 (local.get $at)) (i32.load offset=16640 (local.get $at))))
      (br_if $children (i32.lt_u (local.tee $at (i32.add (local.get $at) (i32.const 4))) (local.get $end)))))

  ;; a visit, and whether it passes the limit (the caller then tells the host, which throws); the call is
  ;; left to the caller so that this function calls nothing and is inlined
  (func $visitPastLimit (result i32)
    (global.set $visited (i64.add (global.get $visited) (i64.const 1)))
    (i64.gt_s (global.get $visited) (global.get $limit)))

  ;; One ply above the horizon (search/frontier.ts without memories): the children's least value in
  ;; their own view (the maximum in this node's) by a mask; an all-node examines every child at once.
  (func $frontier (param $ply i32) (param $h i32) (param $pv i32) (param $beta i32) (result i32)
    (local $n i32) (local $z i32) (local $at i32) (local $i i32) (local $hc i32) (local $cv i32)
    (local $noisy i32) (local $least i32) (local $max i32) (local $best i32) (local $move i32) (local $k i32) (local $v i32)
    (local.set $n (call $branching (local.get $h)))
    (local.set $z (call $zeroChild (local.get $h) (local.get $n)))
    (local.set $at (i32.shl (local.get $ply) (i32.const 8)))
    ;; noisy leaves: a child's score in this node's view is its estimate key (stored as its key, and
    ;; negated as its value)
    (local.set $noisy (i32.and (global.get $noisyLeaves) (i32.lt_s (i32.add (local.get $ply) (i32.const 1)) (global.get $maxPly))))
    (local.set $least (i32.const 0x10000000))
    (loop $children
      (local.set $hc (call $mix32 (i32.add (i32.mul (local.get $h) (i32.const 0x9e3779b1)) (i32.add (local.get $i) (i32.const 1)))))
      (local.set $cv (i32.sub
        (i32.and (call $below (local.get $hc) (global.get $dspan))
          (i32.xor (i32.shr_s (i32.sub (i32.xor (local.get $i) (local.get $z)) (i32.const 1)) (i32.const 31)) (i32.const -1)))
        (local.get $pv)))
      (i32.store offset=0 (local.get $at) (local.get $hc))
      (if (local.get $noisy)
        (then
          (local.set $cv (call $key (local.get $hc) (local.get $cv)))
          (i32.store offset=33280 (local.get $at) (local.get $cv))
          (local.set $cv (i32.sub (i32.const 0) (local.get $cv)))))
      (i32.store offset=16640 (local.get $at) (local.get $cv))
      (local.set $least (i32.xor (local.get $least)
        (i32.and (i32.xor (local.get $least) (local.get $cv)) (i32.shr_s (i32.sub (local.get $cv) (local.get $least)) (i32.const 31)))))
      (local.set $at (i32.add (local.get $at) (i32.const 4)))
      (br_if $children (i32.lt_u (local.tee $i (i32.add (local.get $i) (i32.const 1))) (local.get $n))))
    (local.set $max (i32.sub (i32.const 0) (local.get $least)))
    (if (i32.lt_s (local.get $max) (local.get $beta))
      (then
        ;; an all-node: every child is visited; the order only picks the root's move among tied maxima
        (if (i64.gt_s (i64.add (global.get $visited) (i64.extend_i32_u (local.get $n))) (global.get $limit))
          (then
            (global.set $visited (i64.add (global.get $limit) (i64.const 1)))
            (call $limitReached)))
        (global.set $visited (i64.add (global.get $visited) (i64.extend_i32_u (local.get $n))))
        (if (i32.eqz (local.get $ply))
          (then (global.set $rootMove
            (if (result i32) (i32.and (global.get $byEstimate) (i32.eqz (local.get $noisy)))
              (then (call $firstTiedInOrder (local.get $n) (local.get $max)))
              (else (call $firstValued (local.get $n) (local.get $max)))))))
        (return (local.get $max))))
    (if (i32.and (global.get $byEstimate) (i32.eqz (local.get $noisy)))
      (then (call $estimates (local.get $ply) (local.get $n))))
    (local.set $best (i32.const -1000000000))
    (local.set $move (i32.const -1))
    (block $cut
      (loop $children
        (local.set $i (if (result i32) (global.get $byEstimate)
          (then (call $pick (local.get $ply) (local.get $n)))
          (else (local.get $k))))
        (if (call $visitPastLimit) (then (call $limitReached)))
        (local.set $v (i32.sub (i32.const 0)
          (i32.load offset=16640 (i32.shl (i32.add (i32.shl (local.get $ply) (i32.const 6)) (local.get $i)) (i32.const 2)))))
        (if (i32.gt_s (local.get $v) (local.get $best))
          (then
            (local.set $best (local.get $v))
            (local.set $move (local.get $i))
            (br_if $cut (i32.ge_s (local.get $v) (local.get $beta)))))
        (br_if $children (i32.lt_u (local.tee $k (i32.add (local.get $k) (i32.const 1))) (local.get $n)))))
    (if (i32.eqz (local.get $ply)) (then (global.set $rootMove (local.get $move))))
    (local.get $best))

  ;; the lowest-index root child valued `max`
  (func $firstValued (param $n i32) (param $max i32) (result i32)
    (local $i i32)
    (block $found
      (loop $scan
        (br_if $found (i32.ge_s (local.get $i) (i32.sub (local.get $n) (i32.const 1))))
        (br_if $found (i32.eq (i32.sub (i32.const 0) (i32.load offset=16640 (i32.shl (local.get $i) (i32.const 2)))) (local.get $max)))
        (local.set $i (i32.add (local.get $i) (i32.const 1)))
        (br $scan)))
    (local.get $i))

  ;; among the root children valued `max`, the one estimate ordering searches first
  (func $firstTiedInOrder (param $n i32) (param $max i32) (result i32)
    (local $i i32) (local $move i32) (local $at i32)
    (call $estimates (i32.const 0) (local.get $n))
    (local.set $move (i32.const -1))
    (loop $scan
      (local.set $at (i32.shl (local.get $i) (i32.const 2)))
      (if (i32.eq (i32.sub (i32.const 0) (i32.load offset=16640 (local.get $at))) (local.get $max))
        (then
          ;; the first tied child, then any with a higher key (no key is read at move -1)
          (if (i32.lt_s (local.get $move) (i32.const 0))
            (then (local.set $move (local.get $i)))
            (else (if (i32.gt_s (i32.load offset=33280 (local.get $at)) (i32.load offset=33280 (i32.shl (local.get $move) (i32.const 2))))
              (then (local.set $move (local.get $i))))))))
      (br_if $scan (i32.lt_s (local.tee $i (i32.add (local.get $i) (i32.const 1))) (local.get $n))))
    (local.get $move))

  ;; search/pv-node.ts's alpha-beta or, with `scout`, NegaScout (every child after the first gets a null
  ;; window around the best value so far and is searched again when it fails high inside the window)
  (func $search (param $ply i32) (param $depth i32) (param $alpha i32) (param $beta i32) (param $h i32) (param $pv i32) (result i32)
    (local $n i32) (local $k i32) (local $i i32) (local $at i32) (local $hc i32) (local $cv i32)
    (local $v i32) (local $best i32) (local $move i32)
    (if (call $visitPastLimit) (then (call $limitReached)))
    (if (i32.or (i32.eqz (local.get $depth)) (i32.eq (local.get $ply) (global.get $maxPly)))
      (then
        ;; the horizon, or a terminal node below a deeper search
        (return (call $horizonValue (local.get $ply) (local.get $h) (local.get $pv)))))
    (global.set $expanded (i64.add (global.get $expanded) (i64.const 1)))
    (if (i32.eq (local.get $depth) (i32.const 1))
      (then (return (call $frontier (local.get $ply) (local.get $h) (local.get $pv) (local.get $beta)))))
    (local.set $n (call $expand (local.get $ply) (local.get $h) (local.get $pv)))
    (local.set $best (i32.const -1000000000))
    (local.set $move (i32.const -1))
    (block $cut
      (loop $children
        (local.set $i (if (result i32) (global.get $byEstimate)
          (then (call $pick (local.get $ply) (local.get $n)))
          (else (local.get $k))))
        (local.set $at (i32.shl (i32.add (i32.shl (local.get $ply) (i32.const 6)) (local.get $i)) (i32.const 2)))
        (local.set $hc (i32.load offset=0 (local.get $at)))
        (local.set $cv (i32.load offset=16640 (local.get $at)))
        (if (i32.or (i32.eqz (local.get $k)) (i32.eqz (global.get $scout)))
          (then
            (local.set $v (i32.sub (i32.const 0) (call $search (i32.add (local.get $ply) (i32.const 1)) (i32.sub (local.get $depth) (i32.const 1))
              (i32.sub (i32.const 0) (local.get $beta)) (i32.sub (i32.const 0) (local.get $alpha)) (local.get $hc) (local.get $cv)))))
          (else
            ;; alpha already equals max(alpha0, best)
            (local.set $v (i32.sub (i32.const 0) (call $search (i32.add (local.get $ply) (i32.const 1)) (i32.sub (local.get $depth) (i32.const 1))
              (i32.sub (i32.const -1) (local.get $alpha)) (i32.sub (i32.const 0) (local.get $alpha)) (local.get $hc) (local.get $cv))))
            (if (i32.and (i32.gt_s (local.get $v) (local.get $alpha)) (i32.lt_s (local.get $v) (local.get $beta)))
              (then
                (local.set $v (i32.sub (i32.const 0) (call $search (i32.add (local.get $ply) (i32.const 1)) (i32.sub (local.get $depth) (i32.const 1))
                  (i32.sub (i32.const 0) (local.get $beta)) (i32.sub (i32.const 0) (local.get $v)) (local.get $hc) (local.get $cv))))))))
        (if (i32.gt_s (local.get $v) (local.get $best))
          (then
            (local.set $best (local.get $v))
            (local.set $move (local.get $i))
            (if (i32.gt_s (local.get $v) (local.get $alpha))
              (then
                (local.set $alpha (local.get $v))
                (br_if $cut (i32.ge_s (local.get $alpha) (local.get $beta)))))))
        (br_if $children (i32.lt_u (local.tee $k (i32.add (local.get $k) (i32.const 1))) (local.get $n)))))
    (if (i32.eqz (local.get $ply)) (then (global.set $rootMove (local.get $move))))
    (local.get $best))

  ;; ---- the annotated search ----

  ;; Memory of at least `bytes` bytes; false when it cannot grow.
  (func $reserve (param $bytes i64) (result i32)
    (local $pages i64)
    (local.set $pages (i64.shr_u (i64.add (local.get $bytes) (i64.const 65535)) (i64.const 16)))
    (if (i64.gt_u (local.get $pages) (i64.const 65536)) (then (return (i32.const 0))))
    (if (i64.gt_u (local.get $pages) (i64.extend_i32_u (memory.size)))
      (then (return (i32.ne
        (memory.grow (i32.wrap_i64 (i64.sub (local.get $pages) (i64.extend_i32_u (memory.size)))))
        (i32.const -1)))))
    (i32.const 1))

;; the bytes annotation records of capacity `cap` reach
  (func $annotationEnd (param $cap i32) (result i64)
    (i64.add (i64.const 33685504) (i64.shl (i64.extend_i32_u (local.get $cap)) (i64.const 4))))

  ;; the address of record `rec`
  (func $annRecord (param $rec i32) (result i32)
    (i32.add (i32.const 33685504) (i32.shl (local.get $rec) (i32.const 4))))

  ;; records from .. to-1 as new ones (AnnotationTree.grow's): unexpanded (first -1), unseen, every other field 0
  (func $newRecords (param $from i32) (param $to i32)
    (local $at i32)
    (local.set $at (call $annRecord (local.get $from)))
    (memory.fill (local.get $at) (i32.const 0) (i32.shl (i32.sub (local.get $to) (local.get $from)) (i32.const 4)))
    (block $done (loop $records
      (br_if $done (i32.ge_u (local.get $from) (local.get $to)))
      (i32.store (local.get $at) (i32.const -1))
      (local.set $at (i32.add (local.get $at) (i32.const 16)))
      (local.set $from (i32.add (local.get $from) (i32.const 1)))
      (br $records))))

  ;; AnnotationTree.grow: capacity doubled until it holds `min` records (in place: the records stay where they are)
  (func $growAnnotations (param $min i32)
    (local $m i32)
    (local.set $m (i32.shl (global.get $annCap) (i32.const 1)))
    (block $big (loop $double
      (br_if $big (i32.ge_u (local.get $m) (local.get $min)))
      (local.set $m (i32.shl (local.get $m) (i32.const 1)))
      (br $double)))
    (if (i32.eqz (call $reserve (call $annotationEnd (local.get $m)))) (then (call $memoryFull) (unreachable)))
    (call $newRecords (global.get $annCap) (local.get $m))
    (global.set $annCap (local.get $m)))

  ;; AnnotationTree.children: the first of the n records of the children of `rec`, allocated on first call
  (func $children (param $rec i32) (param $n i32) (result i32)
    (local $at i32) (local $f i32)
    (local.set $at (call $annRecord (local.get $rec)))
    (local.set $f (i32.load (local.get $at)))
    (if (i32.lt_s (local.get $f) (i32.const 0))
      (then
        (if (i32.gt_u (i32.add (global.get $annCount) (local.get $n)) (global.get $annCap))
          (then (call $growAnnotations (i32.add (global.get $annCount) (local.get $n)))))
        (local.set $f (global.get $annCount))
        (global.set $annCount (i32.add (local.get $f) (local.get $n)))
        (i32.store (local.get $at) (local.get $f))
        (i32.store8 offset=12 (local.get $at) (local.get $n))))
    (local.get $f))

  ;; AnnotationTree.record
  (func $record (param $rec i32) (param $value i32) (param $size i64)
    (local $at i32)
    (local.set $at (call $annRecord (local.get $rec)))
    (i32.store offset=4 (local.get $at) (local.get $value))
    (i32.store offset=8 (local.get $at) (i32.wrap_i64 (local.get $size)))
    (i32.store8 offset=13 (local.get $at) (i32.const 1))
    (i32.store16 offset=14 (local.get $at) (i32.wrap_i64 (i64.shr_u (local.get $size) (i64.const 32)))))

  (func $seen (param $rec i32) (result i32)
    (i32.load8_u offset=13 (call $annRecord (local.get $rec))))

  (func $lastValue (param $rec i32) (result f64)
    (f64.convert_i32_s (i32.load offset=4 (call $annRecord (local.get $rec)))))

  ;; the size recorded for `rec`
  (func $lastSize (param $rec i32) (result f64)
    (local $at i32)
    (local.set $at (call $annRecord (local.get $rec)))
    (f64.convert_i64_u (i64.or (i64.extend_i32_u (i32.load offset=8 (local.get $at)))
      (i64.shl (i64.extend_i32_u (i32.load16_u offset=14 (local.get $at))) (i64.const 32)))))

  ;; the address of the table entry the node (hi, lo) maps to
  (func $entry (param $hi i32) (param $lo i32) (result i32)
    (i32.add (i32.const 131072)
      (i32.shl (i32.and (i32.xor (local.get $lo) (i32.mul (local.get $hi) (i32.const 0x9e3779b1))) (global.get $ttMask))
        (i32.const 5))))

  ;; TranspositionTable.probe: the node's entry if stored since the last clear, else -1
  (func $probe (param $hi i32) (param $lo i32) (result i32)
    (local $w i32)
    (local.set $w (call $entry (local.get $hi) (local.get $lo)))
    (if (result i32) (i32.and (i32.and
          (i32.eq (i32.load offset=8 (local.get $w)) (global.get $ttEpoch))
          (i32.eq (i32.load offset=4 (local.get $w)) (local.get $lo)))
          (i32.eq (i32.load (local.get $w)) (local.get $hi)))
      (then (local.get $w))
      (else (i32.const -1))))

  ;; TranspositionTable.storeResult: the fail-soft result `best` of the node (hi, lo) searched `depth`
  ;; plies with window (alpha, beta), merged with the bounds stored for the same node and depth
  (func $storeResult (param $hi i32) (param $lo i32) (param $depth i32) (param $alpha i32) (param $beta i32)
      (param $best i32) (param $move i32)
    (local $w i32) (local $lower f64) (local $upper f64)
    (local.set $w (call $entry (local.get $hi) (local.get $lo)))
    (local.set $lower (if (result f64) (i32.gt_s (local.get $best) (local.get $alpha))
      (then (f64.convert_i32_s (local.get $best))) (else (f64.const -inf))))
    (local.set $upper (if (result f64) (i32.lt_s (local.get $best) (local.get $beta))
      (then (f64.convert_i32_s (local.get $best))) (else (f64.const inf))))
    (if (i32.and (i32.and
          (i32.eq (i32.load offset=8 (local.get $w)) (global.get $ttEpoch))
          (i32.eq (i32.load offset=4 (local.get $w)) (local.get $lo)))
          (i32.and
            (i32.eq (i32.load (local.get $w)) (local.get $hi))
            (i32.eq (i32.load16_s offset=12 (local.get $w)) (local.get $depth))))
      (then
        (if (f64.gt (f64.load offset=16 (local.get $w)) (local.get $lower))
          (then (local.set $lower (f64.load offset=16 (local.get $w)))))
        (if (f64.lt (f64.load offset=24 (local.get $w)) (local.get $upper))
          (then (local.set $upper (f64.load offset=24 (local.get $w)))))))
    (i32.store (local.get $w) (local.get $hi))
    (i32.store offset=4 (local.get $w) (local.get $lo))
    (i32.store offset=8 (local.get $w) (global.get $ttEpoch))
    (i32.store offset=12 (local.get $w)
      (i32.or (i32.and (local.get $depth) (i32.const 0xffff)) (i32.shl (local.get $move) (i32.const 16))))
    (f64.store offset=16 (local.get $w) (local.get $lower))
    (f64.store offset=24 (local.get $w) (local.get $upper)))

  ;; A node at the horizon or a terminal node: its value (the noisy estimate at a horizon above the
  ;; tree's height), recorded.
  (func $annotatedLeaf (param $ply i32) (param $h i32) (param $pv i32) (param $rec i32) (result i32)
    (local $v i32)
    (local.set $v (call $horizonValue (local.get $ply) (local.get $h) (local.get $pv)))
    (call $record (local.get $rec) (local.get $v) (i64.const 1))
    (local.get $v))

  ;; The untaken child with the highest double key (ties by the higher tie key where the ordering breaks
  ;; ties, then the lowest index), marked taken: move-ordering.ts pickNext.
  (func $pickNext (param $ply i32) (param $n i32) (result i32)
    (local $base i32) (local $j i32) (local $at i32) (local $m i32) (local $mk f64) (local $mt f64) (local $x f64)
    (local.set $base (i32.shl (local.get $ply) (i32.const 9)))
    (local.set $mk (f64.const -inf))
    (local.set $mt (f64.const -inf))
    (loop $keys
      (local.set $at (i32.add (local.get $base) (i32.shl (local.get $j) (i32.const 3))))
      (local.set $x (f64.load offset=49920 (local.get $at)))
      (if (i32.or (f64.gt (local.get $x) (local.get $mk))
            (i32.and (global.get $useTie)
              (i32.and (i32.and (f64.eq (local.get $x) (local.get $mk)) (f64.ne (local.get $x) (f64.const -inf)))
                (f64.gt (f64.load offset=83200 (local.get $at)) (local.get $mt)))))
        (then
          (local.set $m (local.get $j))
          (local.set $mk (local.get $x))
          (local.set $mt (f64.load offset=83200 (local.get $at)))))
      (br_if $keys (i32.lt_u (local.tee $j (i32.add (local.get $j) (i32.const 1))) (local.get $n))))
    (f64.store offset=49920 (i32.add (local.get $base) (i32.shl (local.get $m) (i32.const 3))) (f64.const -inf))
    (local.get $m))

  ;; SearchContext.nextChild: the child to search k-th, the table's move `first` (or -1) first
  (func $nextChild (param $ply i32) (param $n i32) (param $k i32) (param $first i32) (result i32)
    (if (i32.and (i32.eqz (local.get $k)) (i32.ge_s (local.get $first) (i32.const 0)))
      (then
        (if (global.get $intKeys)
          (then (i32.store offset=33280 (i32.shl (i32.add (i32.shl (local.get $ply) (i32.const 6)) (local.get $first)) (i32.const 2))
            (i32.const -0x10000000)))
          (else (f64.store offset=49920 (i32.shl (i32.add (i32.shl (local.get $ply) (i32.const 6)) (local.get $first)) (i32.const 3))
            (f64.const -inf))))
        (return (local.get $first))))
    (if (result i32) (global.get $intKeys)
      (then (call $pick (local.get $ply) (local.get $n)))
      (else (call $pickNext (local.get $ply) (local.get $n)))))

  ;; whether child i comes before child j in the order just written (key, then tie, then index)
  (func $searchedBefore (param $ply i32) (param $i i32) (param $j i32) (result i32)
    (local $ai i32) (local $aj i32) (local $ki i32) (local $kj i32) (local $fi f64) (local $fj f64)
    (local.set $ai (i32.add (i32.shl (local.get $ply) (i32.const 6)) (local.get $i)))
    (local.set $aj (i32.add (i32.shl (local.get $ply) (i32.const 6)) (local.get $j)))
    (if (global.get $intKeys)
      (then
        (local.set $ki (i32.load offset=33280 (i32.shl (local.get $ai) (i32.const 2))))
        (local.set $kj (i32.load offset=33280 (i32.shl (local.get $aj) (i32.const 2))))
        (if (i32.ne (local.get $ki) (local.get $kj)) (then (return (i32.gt_s (local.get $ki) (local.get $kj))))))
      (else
        (local.set $fi (f64.load offset=49920 (i32.shl (local.get $ai) (i32.const 3))))
        (local.set $fj (f64.load offset=49920 (i32.shl (local.get $aj) (i32.const 3))))
        (if (f64.ne (local.get $fi) (local.get $fj)) (then (return (f64.gt (local.get $fi) (local.get $fj)))))))
    (if (global.get $useTie)
      (then
        (local.set $fi (f64.load offset=83200 (i32.shl (local.get $ai) (i32.const 3))))
        (local.set $fj (f64.load offset=83200 (i32.shl (local.get $aj) (i32.const 3))))
        (if (f64.ne (local.get $fi) (local.get $fj)) (then (return (f64.gt (local.get $fi) (local.get $fj)))))))
    (i32.lt_s (local.get $i) (local.get $j)))

  ;; the hash a never-searched child's random V_i is drawn from (SearchContext.orderChildren)
  (func $randomDraw (param $hn i32) (param $i i32) (result i32)
    (call $mix32 (i32.add (local.get $hn) (i32.mul (i32.add (local.get $i) (i32.const 1)) (i32.const 0x9e3779b1)))))

  ;; SearchContext.orderChildren with annotations, for the n children just expanded at `ply` (first record
  ;; `base`): V_i and S_i from the annotation rows or the tree itself, then the keys into the ply's rows.
  ;; Returns the move to search first: the table's (entry `slot`) if it is searched first, else -1.
  (func $orderChildren (param $ply i32) (param $n i32) (param $h i32) (param $k2 i32) (param $base i32)
      (param $beta i32) (param $slot i32) (result i32)
    (local $i i32) (local $r i32) (local $at i32) (local $hn i32) (local $u i32) (local $known i32) (local $terminal i32)
    (local $v f64) (local $s f64) (local $ms f64) (local $sz f64) (local $b f64) (local $p f64) (local $m i32)
    (local.set $hn (call $mix32 (i32.xor (local.get $h) (i32.mul (local.get $k2) (i32.const 0x85ebca6b)))))
    (if (global.get $intKeys)
      (then
        ;; value ordering: V_i are the keys, as integers (the TypeScript kernel's randomRank)
        (loop $children
          (local.set $r (i32.add (local.get $base) (local.get $i)))
          (local.set $at (i32.shl (i32.add (i32.shl (local.get $ply) (i32.const 6)) (local.get $i)) (i32.const 2)))
          (i32.store offset=33280 (local.get $at)
            (if (result i32) (call $seen (local.get $r))
              (then (i32.sub (i32.const 0) (i32.trunc_f64_s (call $lastValue (local.get $r)))))
              (else (if (result i32) (global.get $randomUnexpanded)
                (then
                  (local.set $u (call $randomDraw (local.get $hn) (local.get $i)))
                  (i32.add (i32.const -201326593)
                    (i32.add (i32.shr_u (local.get $u) (i32.const 6)) (i32.and (i32.shr_u (local.get $u) (i32.const 5)) (i32.const 1)))))
                (else (call $key (i32.load offset=0 (local.get $at)) (i32.load offset=16640 (local.get $at))))))))
          (br_if $children (i32.lt_u (local.tee $i (i32.add (local.get $i) (i32.const 1))) (local.get $n)))))
      (else
        ;; fastest-cut-first: V_i, S_i and their largest, then the keys
        (local.set $terminal (i32.ge_s (i32.add (local.get $ply) (i32.const 1)) (global.get $maxPly)))
        (loop $children
          (local.set $r (i32.add (local.get $base) (local.get $i)))
          (local.set $at (i32.shl (i32.add (i32.shl (local.get $ply) (i32.const 6)) (local.get $i)) (i32.const 2)))
          (f64.store offset=116736 (i32.shl (local.get $i) (i32.const 3))
            (if (result f64) (call $seen (local.get $r))
              (then (f64.neg (call $lastValue (local.get $r))))
              (else (if (result f64) (global.get $randomUnexpanded)
                (then (f64.add (f64.const -1e8)
                  (f64.div (f64.add (f64.convert_i32_u (call $randomDraw (local.get $hn) (local.get $i))) (f64.const 0.5))
                    (f64.const 4294967296))))
                (else (f64.convert_i32_s
                  (call $key (i32.load offset=0 (local.get $at)) (i32.load offset=16640 (local.get $at)))))))))
          (local.set $known (if (result i32) (i32.eqz (global.get $sizeMode))
            (then (i32.const 1))
            (else (if (result i32) (i32.eq (global.get $sizeMode) (i32.const 1))
              (then (call $seen (local.get $r)))
              (else (i32.ge_s (i32.load (call $annRecord (local.get $r))) (i32.const 0)))))))
          (local.set $s
            (if (result f64) (i32.eqz (local.get $known))
              (then (global.get $sizeStandIn))
              (else (if (result f64) (i32.and (global.get $subtreeSize) (call $seen (local.get $r)))
                (then (call $lastSize (local.get $r)))
                (else (if (result f64) (local.get $terminal)
                  (then (f64.const 0))
                  (else (f64.convert_i32_s (call $branching (i32.load offset=0 (local.get $at)))))))))))
          (f64.store offset=117248 (i32.shl (local.get $i) (i32.const 3)) (local.get $s))
          (if (f64.gt (local.get $s) (local.get $ms)) (then (local.set $ms (local.get $s))))
          (br_if $children (i32.lt_u (local.tee $i (i32.add (local.get $i) (i32.const 1))) (local.get $n))))
        (if (f64.eq (local.get $ms) (f64.const 0)) (then (local.set $ms (f64.const 1))))
        ;; fcfWeighted's key wV*V - wR*(P > 0 ? s/P : 1e6) - wS*s, tie V; P = [V >= beta], or the learned
        ;; table's entry at round(V - beta) - minMargin clamped to the table (Math.round(x) = floor(x + 0.5),
        ;; exact at these magnitudes)
        (local.set $b (f64.convert_i32_s (local.get $beta)))
        (local.set $i (i32.const 0))
        (loop $keys
          (local.set $at (i32.shl (local.get $i) (i32.const 3)))
          (local.set $v (f64.load offset=116736 (local.get $at)))
          (local.set $sz (f64.div (f64.load offset=117248 (local.get $at)) (local.get $ms)))
          (local.set $p (if (result f64) (global.get $learned)
            (then (f64.load offset=118784 (i32.shl
              (i32.trunc_f64_s (f64.max (f64.const 0) (f64.min (global.get $lastP)
                (f64.sub (f64.floor (f64.add (f64.sub (local.get $v) (local.get $b)) (f64.const 0.5))) (global.get $minMargin)))))
              (i32.const 3))))
            (else (select (f64.const 1) (f64.const 0) (f64.ge (local.get $v) (local.get $b))))))
          (local.set $at (i32.add (i32.shl (local.get $ply) (i32.const 9)) (local.get $at)))
          (f64.store offset=49920 (local.get $at)
            (f64.sub
              (f64.sub (f64.mul (global.get $wV) (local.get $v))
                (f64.mul (global.get $wR)
                  (select (f64.div (local.get $sz) (local.get $p)) (f64.const 1e6) (f64.gt (local.get $p) (f64.const 0)))))
              (f64.mul (global.get $wS) (local.get $sz))))
          (f64.store offset=83200 (local.get $at) (local.get $v))
          (br_if $keys (i32.lt_u (local.tee $i (i32.add (local.get $i) (i32.const 1))) (local.get $n))))))
    (if (i32.or (i32.eq (local.get $slot) (i32.const -1)) (i32.eqz (global.get $ttFirst)))
      (then (return (i32.const -1))))
    (local.set $m (i32.load16_s offset=14 (local.get $slot)))
    (select (local.get $m) (i32.const -1) (i32.lt_s (local.get $m) (local.get $n))))

  ;; search/frontier.ts searchFrontier with annotations: expands the node (state h, prefix value pv, key
  ;; word k2, record rec, first child record first0 or -1) and searches its leaves; `slot` is its table
  ;; entry or -1. The least leaf value (the children's maximum in this node's view) by a mask, then its
  ;; first holder and how many share it, without a branch on any leaf; an all-node is examined at once.
  (func $annotatedFrontier (param $ply i32) (param $h i32) (param $pv i32) (param $k2 i32) (param $rec i32)
      (param $first0 i32) (param $beta i32) (param $slot i32) (result i32)
    (local $n i32) (local $at i32) (local $i i32) (local $cv i32) (local $leaf i32)
    (local $noisy i32) (local $least i32) (local $argmax i32) (local $ties i32) (local $hit i32) (local $max i32)
    (local $base i32) (local $move i32) (local $first i32) (local $best i32) (local $k i32) (local $v i32)
    (local.set $n (call $expand (local.get $ply) (local.get $h) (local.get $pv)))
    (local.set $at (i32.shl (local.get $ply) (i32.const 8)))
    (local.set $noisy (i32.and (global.get $noisyLeaves) (i32.lt_s (i32.add (local.get $ply) (i32.const 1)) (global.get $maxPly))))
    (local.set $least (i32.const 0x10000000))
    (loop $children
      (local.set $cv (i32.load offset=16640 (local.get $at)))
      (local.set $leaf (if (result i32) (local.get $noisy)
        (then (call $estimate (i32.load offset=0 (local.get $at)) (local.get $cv)))
        (else (local.get $cv))))
      (i32.store offset=116480 (i32.shl (local.get $i) (i32.const 2)) (local.get $leaf))
      (local.set $least (i32.xor (local.get $least)
        (i32.and (i32.xor (local.get $least) (local.get $leaf)) (i32.shr_s (i32.sub (local.get $leaf) (local.get $least)) (i32.const 31)))))
      (local.set $at (i32.add (local.get $at) (i32.const 4)))
      (br_if $children (i32.lt_u (local.tee $i (i32.add (local.get $i) (i32.const 1))) (local.get $n))))
    (local.set $argmax (local.get $n))
    (local.set $i (local.get $n))
    (loop $ties
      (local.set $i (i32.sub (local.get $i) (i32.const 1)))
      ;; -1 where the leaf equals the least (never below it)
      (local.set $hit (i32.shr_s
        (i32.sub (i32.sub (i32.load offset=116480 (i32.shl (local.get $i) (i32.const 2))) (local.get $least)) (i32.const 1))
        (i32.const 31)))
      (local.set $argmax (i32.xor (local.get $argmax) (i32.and (i32.xor (local.get $argmax) (local.get $i)) (local.get $hit))))
      (local.set $ties (i32.sub (local.get $ties) (local.get $hit)))
      (br_if $ties (i32.gt_s (local.get $i) (i32.const 0))))
    (local.set $max (i32.sub (i32.const 0) (local.get $least)))
    (local.set $base (if (result i32) (i32.ge_s (local.get $first0) (i32.const 0))
      (then (local.get $first0))
      (else (call $children (local.get $rec) (local.get $n)))))
    (if (i32.and (i32.lt_s (local.get $max) (local.get $beta))
          (i32.or (i32.eq (local.get $ties) (i32.const 1)) (i32.eq (local.get $slot) (i32.const -1))))
      (then
        ;; an all-node: every child is examined; the order only picks the best move among tied maxima
        ;; (no table move then: the node has no entry)
        (local.set $move (local.get $argmax))
        (if (i32.gt_s (local.get $ties) (i32.const 1))
          (then
            (drop (call $orderChildren (local.get $ply) (local.get $n) (local.get $h) (local.get $k2) (local.get $base)
              (local.get $beta) (local.get $slot)))
            (local.set $i (i32.add (local.get $argmax) (i32.const 1)))
            (block $tied (loop $scan
              (br_if $tied (i32.ge_s (local.get $i) (local.get $n)))
              (if (i32.eq (i32.sub (i32.const 0) (i32.load offset=116480 (i32.shl (local.get $i) (i32.const 2)))) (local.get $max))
                (then (if (call $searchedBefore (local.get $ply) (local.get $i) (local.get $move))
                  (then (local.set $move (local.get $i))))))
              (local.set $i (i32.add (local.get $i) (i32.const 1)))
              (br $scan)))))
        (local.set $i (i32.const 0))
        (loop $records
          (call $record (i32.add (local.get $base) (local.get $i))
            (i32.load offset=116480 (i32.shl (local.get $i) (i32.const 2))) (i64.const 1))
          (br_if $records (i32.lt_u (local.tee $i (i32.add (local.get $i) (i32.const 1))) (local.get $n))))
        (if (i64.gt_s (i64.add (global.get $visited) (i64.extend_i32_u (local.get $n))) (global.get $limit))
          (then
            (global.set $visited (i64.add (global.get $limit) (i64.const 1)))
            (call $limitReached)))
        (global.set $visited (i64.add (global.get $visited) (i64.extend_i32_u (local.get $n))))
        (global.set $frontierMove (local.get $move))
        (return (local.get $max))))
    (local.set $first (call $orderChildren (local.get $ply) (local.get $n) (local.get $h) (local.get $k2) (local.get $base)
      (local.get $beta) (local.get $slot)))
    (local.set $best (i32.const -1000000000))
    (local.set $move (i32.const -1))
    (block $cut
      (loop $children
        (local.set $i (call $nextChild (local.get $ply) (local.get $n) (local.get $k) (local.get $first)))
        (if (call $visitPastLimit) (then (call $limitReached)))
        (local.set $cv (i32.load offset=116480 (i32.shl (local.get $i) (i32.const 2))))
        (call $record (i32.add (local.get $base) (local.get $i)) (local.get $cv) (i64.const 1))
        (local.set $v (i32.sub (i32.const 0) (local.get $cv)))
        (if (i32.gt_s (local.get $v) (local.get $best))
          (then
            (local.set $best (local.get $v))
            (local.set $move (local.get $i))
            (br_if $cut (i32.ge_s (local.get $v) (local.get $beta)))))
        (br_if $children (i32.lt_u (local.tee $k (i32.add (local.get $k) (i32.const 1))) (local.get $n)))))
    (global.set $frontierMove (local.get $move))
    (local.get $best))

  ;; search/pv-node.ts pvNode with annotations (and the transposition table if there is one): the node
  ;; (state h, prefix value pv, second key word k2) at `ply`, annotation record `rec`, searched `depth`
  ;; plies deep with window (alpha, beta); NegaScout's null windows with `scout`.
  (func $annotated (param $ply i32) (param $depth i32) (param $alpha i32) (param $beta i32) (param $h i32)
      (param $pv i32) (param $k2 i32) (param $rec i32) (result i32)
    (local $first0 i32) (local $slot i32) (local $lo f64) (local $up f64) (local $visited0 i64)
    (local $best i32) (local $move i32) (local $n i32) (local $base i32) (local $first i32) (local $a i32)
    (local $k i32) (local $i i32) (local $at i32) (local $hc i32) (local $cv i32) (local $ck i32) (local $v i32)
    (if (call $visitPastLimit) (then (call $limitReached)))
    (if (i32.eqz (local.get $depth))
      (then (return (call $annotatedLeaf (local.get $ply) (local.get $h) (local.get $pv) (local.get $rec)))))
    (local.set $first0 (i32.load (call $annRecord (local.get $rec))))
    (local.set $slot (i32.const -1))
    (if (global.get $hasTable)
      (then
        ;; SearchContext.probeTT
        (local.set $slot (call $probe (local.get $k2) (local.get $h)))
        (if (i32.ne (local.get $slot) (i32.const -1))
          (then (if (i32.eq (i32.load16_s offset=12 (local.get $slot)) (local.get $depth))
            (then
              (local.set $lo (f64.load offset=16 (local.get $slot)))
              (local.set $up (f64.load offset=24 (local.get $slot)))
              (if (i32.or (i32.or (f64.ge (local.get $lo) (f64.convert_i32_s (local.get $beta))) (f64.eq (local.get $lo) (local.get $up)))
                    (f64.le (local.get $up) (f64.convert_i32_s (local.get $alpha))))
                (then
                  (global.set $settled (i64.add (global.get $settled) (i64.const 1)))
                  (return (i32.trunc_f64_s (select (local.get $lo) (local.get $up)
                    (i32.or (f64.ge (local.get $lo) (f64.convert_i32_s (local.get $beta))) (f64.eq (local.get $lo) (local.get $up))))))))
              (if (f64.gt (local.get $lo) (f64.convert_i32_s (local.get $alpha)))
                (then (local.set $alpha (i32.trunc_f64_s (local.get $lo)))))
              (if (f64.lt (local.get $up) (f64.convert_i32_s (local.get $beta)))
                (then (local.set $beta (i32.trunc_f64_s (local.get $up)))))))))))
    (if (i32.eq (local.get $ply) (global.get $maxPly))
      (then (return (call $annotatedLeaf (local.get $ply) (local.get $h) (local.get $pv) (local.get $rec)))))
    (global.set $expanded (i64.add (global.get $expanded) (i64.const 1)))
    (local.set $visited0 (global.get $visited))
    (if (i32.eq (local.get $depth) (i32.const 1))
      (then
        (local.set $best (call $annotatedFrontier (local.get $ply) (local.get $h) (local.get $pv) (local.get $k2)
          (local.get $rec) (local.get $first0) (local.get $beta) (local.get $slot)))
        (local.set $move (global.get $frontierMove)))
      (else
        (local.set $n (call $expand (local.get $ply) (local.get $h) (local.get $pv)))
        ;; every child's table entry read before any is searched: the misses overlap, where the children's
        ;; own probes would wait for them one after another
        (if (global.get $hasTable)
          (then
            (loop $entries
              (global.set $touched (i32.add (global.get $touched)
                (i32.load (call $entry
                  (i32.mul (i32.add (i32.add (local.get $k2) (local.get $k)) (i32.const 1)) (i32.const 0x4f1bbcdd))
                  (i32.load offset=0 (i32.shl (i32.add (i32.shl (local.get $ply) (i32.const 6)) (local.get $k)) (i32.const 2)))))))
              (br_if $entries (i32.lt_u (local.tee $k (i32.add (local.get $k) (i32.const 1))) (local.get $n))))
            (local.set $k (i32.const 0))))
        (local.set $base (if (result i32) (i32.ge_s (local.get $first0) (i32.const 0))
          (then (local.get $first0))
          (else (call $children (local.get $rec) (local.get $n)))))
        (local.set $first (call $orderChildren (local.get $ply) (local.get $n) (local.get $h) (local.get $k2)
          (local.get $base) (local.get $beta) (local.get $slot)))
        (local.set $a (local.get $alpha))
        (local.set $best (i32.const -1000000000))
        (local.set $move (i32.const -1))
        (block $cut
          (loop $children
            (local.set $i (call $nextChild (local.get $ply) (local.get $n) (local.get $k) (local.get $first)))
            (local.set $at (i32.shl (i32.add (i32.shl (local.get $ply) (i32.const 6)) (local.get $i)) (i32.const 2)))
            (local.set $hc (i32.load offset=0 (local.get $at)))
            (local.set $cv (i32.load offset=16640 (local.get $at)))
            ;; the child's second key word (PrefixValueTree.keyHi)
            (local.set $ck (i32.mul (i32.add (i32.add (local.get $k2) (local.get $i)) (i32.const 1)) (i32.const 0x4f1bbcdd)))
            (if (i32.or (i32.eqz (local.get $k)) (i32.eqz (global.get $scout)))
              (then
                (local.set $v (i32.sub (i32.const 0) (call $annotated (i32.add (local.get $ply) (i32.const 1))
                  (i32.sub (local.get $depth) (i32.const 1)) (i32.sub (i32.const 0) (local.get $beta)) (i32.sub (i32.const 0) (local.get $a))
                  (local.get $hc) (local.get $cv) (local.get $ck) (i32.add (local.get $base) (local.get $i))))))
              (else
                ;; a already equals max(alpha, best)
                (local.set $v (i32.sub (i32.const 0) (call $annotated (i32.add (local.get $ply) (i32.const 1))
                  (i32.sub (local.get $depth) (i32.const 1)) (i32.sub (i32.const -1) (local.get $a)) (i32.sub (i32.const 0) (local.get $a))
                  (local.get $hc) (local.get $cv) (local.get $ck) (i32.add (local.get $base) (local.get $i)))))
                (if (i32.and (i32.gt_s (local.get $v) (local.get $a)) (i32.lt_s (local.get $v) (local.get $beta)))
                  (then
                    (local.set $v (i32.sub (i32.const 0) (call $annotated (i32.add (local.get $ply) (i32.const 1))
                      (i32.sub (local.get $depth) (i32.const 1)) (i32.sub (i32.const 0) (local.get $beta)) (i32.sub (i32.const 0) (local.get $v))
                      (local.get $hc) (local.get $cv) (local.get $ck) (i32.add (local.get $base) (local.get $i)))))))))
            ;; the fail-soft negamax step; the table's narrowed alpha stays for the entry stored below
            (if (i32.gt_s (local.get $v) (local.get $best))
              (then
                (local.set $best (local.get $v))
                (local.set $move (local.get $i))
                (if (i32.gt_s (local.get $v) (local.get $a))
                  (then
                    (local.set $a (local.get $v))
                    (br_if $cut (i32.ge_s (local.get $a) (local.get $beta)))))))
            (br_if $children (i32.lt_u (local.tee $k (i32.add (local.get $k) (i32.const 1))) (local.get $n)))))))
    (if (global.get $hasTable)
      (then (call $storeResult (local.get $k2) (local.get $h) (local.get $depth) (local.get $alpha) (local.get $beta)
        (local.get $best) (local.get $move))))
    (call $record (local.get $rec) (local.get $best) (i64.add (i64.sub (global.get $visited) (local.get $visited0)) (i64.const 1)))
    (if (i32.eqz (local.get $ply)) (then (global.set $rootMove (local.get $move))))
    (local.get $best))

  ;; ---- The minimum proof tree branch and bound (./prefix-value-mpt.ts: ../proof/mpt-branch-and-bound.ts's
  ;; pv, cut and all, ../proof/mpt-seen.ts's tests le and ge), step for step as there, on an instance of
  ;; this module kept for it. Rows, per ply (int32 unless said): the children's states (0) and values
  ;; (16,640), a cut node's children's degrees (33,280), its candidates in order (49,920) and their sort
  ;; keys (66,560), a PV node's children's cut sizes T_x (doubles, 83,200); a test node's children in the
  ;; order it tries them share the candidates' row, their values the keys' row (a test runs below every
  ;; branch-and-bound node whose rows are still read). LC[r] and LCany[r] (doubles) from 116,480 and
  ;; 117,008, written by the host. Sizes and budgets are doubles, in the TypeScript's order of operations.

  ;; a child's lower bound on f: (x & keep) - loE
  (func $mptLo (param $x i32) (result i32)
    (i32.sub (i32.and (local.get $x) (global.get $mptKeep)) (global.get $mptLoE)))

  ;; MptBranchAndBound.pv: P(v) of the node (h, p) at `ply`, remaining depth r >= 2, value fv
  (func $mptPv (param $ply i32) (param $r i32) (param $fv i32) (param $budget f64) (param $h i32) (param $p i32) (result f64)
    (local $n i32) (local $lc f64) (local $rest f64) (local $at i32) (local $end i32) (local $nf i32) (local $t f64)
    (local $c f64) (local $best f64) (local $lim f64) (local $failLb f64) (local $base f64) (local $pw f64) (local $x f64)
    (local $hc i32) (local $cv i32)
    (global.set $mptExpanded (i64.add (global.get $mptExpanded) (i64.const 1)))
    (local.set $n (call $branching (local.get $h)))
    (local.set $lc (f64.load offset=116480 (i32.shl (i32.sub (local.get $r) (i32.const 1)) (i32.const 3))))
    (local.set $rest (f64.mul (f64.convert_i32_s (local.get $n)) (local.get $lc)))
    (if (f64.gt (f64.add (f64.const 1) (local.get $rest)) (local.get $budget))
      (then (return (f64.add (f64.const 1) (local.get $rest)))))
    (drop (call $expand (local.get $ply) (local.get $h) (local.get $p)))
    (local.set $at (i32.shl (local.get $ply) (i32.const 8)))
    (local.set $end (i32.add (local.get $at) (i32.shl (local.get $n) (i32.const 2))))
    (local.set $nf (i32.sub (i32.const 0) (local.get $fv)))
    ;; t = the children's cut sizes; P(v) >= 1 + t
    (loop $children
      (local.set $rest (f64.sub (local.get $rest) (local.get $lc)))
      (local.set $c
        (if (result f64) (i32.eq (local.get $r) (i32.const 2))
          (then (f64.add (f64.const 1) (global.get $mptL)))
          (else (call $mptCut (i32.add (local.get $ply) (i32.const 1)) (i32.sub (local.get $r) (i32.const 1)) (local.get $nf)
            (f64.sub (f64.sub (f64.sub (local.get $budget) (f64.const 1)) (local.get $t)) (local.get $rest))
            (i32.load offset=0 (local.get $at)) (i32.load offset=16640 (local.get $at))))))
      (f64.store offset=83200 (i32.shl (local.get $at) (i32.const 1)) (local.get $c))
      (local.set $t (f64.add (local.get $t) (local.get $c)))
      (if (f64.gt (f64.add (f64.add (f64.const 1) (local.get $t)) (local.get $rest)) (local.get $budget))
        (then (return (f64.add (f64.add (f64.const 1) (local.get $t)) (local.get $rest)))))
      (br_if $children (i32.lt_u (local.tee $at (i32.add (local.get $at) (i32.const 4))) (local.get $end))))
    ;; the best child w: 1 + t + P(w) - C(w), least over the children with f(w) <= -f(v)
    (local.set $best (f64.const inf))
    (local.set $lim (local.get $budget))
    (local.set $failLb (f64.const inf))
    (local.set $at (i32.shl (local.get $ply) (i32.const 8)))
    (loop $children
      (local.set $hc (i32.load offset=0 (local.get $at)))
      (local.set $cv (i32.load offset=16640 (local.get $at)))
      (if (i32.le_s (call $mptLo (local.get $cv)) (local.get $nf))
        (then
          (if (call $mptConfirm (local.get $ply) (local.get $r) (local.get $nf) (local.get $hc) (local.get $cv))
            (then
              (local.set $base (f64.sub (f64.add (f64.const 1) (local.get $t))
                (f64.load offset=83200 (i32.shl (local.get $at) (i32.const 1)))))
              (local.set $pw
                (if (result f64) (i32.eq (local.get $r) (i32.const 2))
                  (then (f64.add (f64.const 1) (f64.mul (f64.convert_i32_s (call $branching (local.get $hc))) (global.get $mptL))))
                  (else (call $mptPv (i32.add (local.get $ply) (i32.const 1)) (i32.sub (local.get $r) (i32.const 1)) (local.get $nf)
                    (f64.sub (local.get $lim) (local.get $base)) (local.get $hc) (local.get $cv)))))
              (local.set $x (f64.add (local.get $base) (local.get $pw)))
              (if (f64.le (local.get $x) (local.get $lim))
                (then
                  (local.set $best (local.get $x))
                  (local.set $lim (f64.sub (local.get $x) (f64.const 1))))
                (else (if (f64.lt (local.get $x) (local.get $failLb)) (then (local.set $failLb (local.get $x))))))))))
      (br_if $children (i32.lt_u (local.tee $at (i32.add (local.get $at) (i32.const 4))) (local.get $end))))
    (if (i32.and (f64.eq (local.get $best) (f64.const inf)) (f64.eq (local.get $failLb) (f64.const inf)))
      (then (call $inconsistent (i32.const 1) (local.get $ply) (local.get $nf)) (unreachable)))
    (if (result f64) (f64.ne (local.get $best) (f64.const inf)) (then (local.get $best)) (else (local.get $failLb))))

  ;; MptBranchAndBound.cut: C_b(v) of the node (h, p) at `ply`, remaining depth r >= 2
  (func $mptCut (param $ply i32) (param $r i32) (param $b i32) (param $budget f64) (param $h i32) (param $p i32) (result f64)
    (local $n i32) (local $nb i32) (local $row i32) (local $at i32) (local $end i32) (local $i i32) (local $x i32) (local $d i32)
    (local $key i32) (local $j i32) (local $lcBelow f64) (local $byDegree i32) (local $best f64) (local $lim f64)
    (local $failLb f64) (local $kk f64) (local $a f64)
    (global.set $mptExpanded (i64.add (global.get $mptExpanded) (i64.const 1)))
    (local.set $n (call $branching (local.get $h)))
    (local.set $nb (i32.sub (i32.const 0) (local.get $b)))
    (if (i32.eq (local.get $r) (i32.const 2))
      (then (return (f64.add (f64.const 1)
        (call $mptLeastLeafAll (local.get $ply) (local.get $h) (local.get $p) (local.get $n) (local.get $nb))))))
    (drop (call $expand (local.get $ply) (local.get $h) (local.get $p)))
    (local.set $row (i32.shl (local.get $ply) (i32.const 8)))
    ;; candidates by one int32 key: the degree (unless LCany[r - 2] is 0) above the value's offset x + p
    ;; (0 where E is unbounded), sorted stably
    (local.set $lcBelow (f64.load offset=117008 (i32.shl (i32.sub (local.get $r) (i32.const 2)) (i32.const 3))))
    (local.set $byDegree (i32.sub (i32.const 0) (f64.gt (local.get $lcBelow) (f64.const 0))))
    (local.set $end (local.get $row))
    (loop $children
      (local.set $at (i32.add (local.get $row) (i32.shl (local.get $i) (i32.const 2))))
      (local.set $x (i32.load offset=16640 (local.get $at)))
      (if (i32.le_s (call $mptLo (local.get $x)) (local.get $nb))
        (then
          (local.set $d (call $branching (i32.load offset=0 (local.get $at))))
          (i32.store offset=33280 (local.get $at) (local.get $d))
          (local.set $key (i32.or
            (i32.shl (i32.and (i32.sub (local.get $d) (global.get $bmin)) (local.get $byDegree)) (i32.const 20))
            (i32.and (i32.add (local.get $x) (local.get $p)) (global.get $mptKeep))))
          (local.set $j (local.get $end))
          (local.set $end (i32.add (local.get $end) (i32.const 4)))
          (block $placed
            (loop $shift
              (br_if $placed (i32.le_u (local.get $j) (local.get $row)))
              (br_if $placed (i32.le_s (i32.load offset=66556 (local.get $j)) (local.get $key)))
              (i32.store offset=66560 (local.get $j) (i32.load offset=66556 (local.get $j)))
              (i32.store offset=49920 (local.get $j) (i32.load offset=49916 (local.get $j)))
              (local.set $j (i32.sub (local.get $j) (i32.const 4)))
              (br $shift)))
          (i32.store offset=66560 (local.get $j) (local.get $key))
          (i32.store offset=49920 (local.get $j) (local.get $i))))
      (br_if $children (i32.lt_u (local.tee $i (i32.add (local.get $i) (i32.const 1))) (local.get $n))))
    (if (i32.eq (local.get $end) (local.get $row))
      (then (call $inconsistent (i32.const 0) (local.get $ply) (local.get $b)) (unreachable)))
    (local.set $best (f64.const inf))
    (local.set $lim (f64.sub (local.get $budget) (f64.const 1)))
    (local.set $failLb (f64.const inf))
    (local.set $j (local.get $row))
    (block $done
      (loop $candidates
        (local.set $at (i32.add (local.get $row) (i32.shl (i32.load offset=49920 (local.get $j)) (i32.const 2))))
        (local.set $d (i32.load offset=33280 (local.get $at)))
        (local.set $kk (f64.add (f64.const 1) (f64.mul (f64.convert_i32_s (local.get $d)) (local.get $lcBelow))))
        (if (f64.gt (local.get $kk) (local.get $lim))
          (then
            (if (f64.lt (local.get $kk) (local.get $failLb)) (then (local.set $failLb (local.get $kk))))
            (br $done)))
        (local.set $x (i32.load offset=16640 (local.get $at)))
        (if (call $mptConfirm (local.get $ply) (local.get $r) (local.get $nb) (i32.load offset=0 (local.get $at)) (local.get $x))
          (then
            (local.set $a (call $mptAll (i32.add (local.get $ply) (i32.const 1)) (i32.sub (local.get $r) (i32.const 1))
              (local.get $nb) (local.get $lim) (i32.load offset=0 (local.get $at)) (local.get $x) (local.get $d)))
            (if (f64.le (local.get $a) (local.get $lim))
              (then
                (local.set $best (local.get $a))
                (local.set $lim (f64.sub (local.get $a) (f64.const 1))))
              (else (if (f64.lt (local.get $a) (local.get $failLb)) (then (local.set $failLb (local.get $a))))))))
        (br_if $candidates (i32.lt_u (local.tee $j (i32.add (local.get $j) (i32.const 4))) (local.get $end)))))
    (if (i32.and (f64.eq (local.get $best) (f64.const inf)) (f64.eq (local.get $failLb) (f64.const inf)))
      (then (call $inconsistent (i32.const 0) (local.get $ply) (local.get $b)) (unreachable)))
    (f64.add (f64.const 1)
      (if (result f64) (f64.ne (local.get $best) (f64.const inf)) (then (local.get $best)) (else (local.get $failLb)))))

  ;; the cut node's closed form at r = 2: the least A_1(w) = 1 + deg(w) * L over its n children with
  ;; f(w) <= -b the test confirms, drawn one by one, none once the least is 1 + bmin * L
  (func $mptLeastLeafAll (param $ply i32) (param $h i32) (param $p i32) (param $n i32) (param $nb i32) (result f64)
    (local $z i32) (local $least f64) (local $mn f64) (local $i i32) (local $hc i32) (local $x i32) (local $a1 f64)
    (local.set $z (call $zeroChild (local.get $h) (local.get $n)))
    (local.set $least (f64.add (f64.const 1) (f64.mul (f64.convert_i32_s (global.get $bmin)) (global.get $mptL))))
    (local.set $mn (f64.const inf))
    (block $done
      (loop $children
        (br_if $done (i32.ge_s (local.get $i) (local.get $n)))
        (br_if $done (f64.eq (local.get $mn) (local.get $least)))
        (local.set $hc (call $mix32 (i32.add (i32.mul (local.get $h) (i32.const 0x9e3779b1)) (i32.add (local.get $i) (i32.const 1)))))
        (local.set $x (call $childValue (local.get $hc) (local.get $i) (local.get $z) (local.get $p)))
        (if (i32.le_s (call $mptLo (local.get $x)) (local.get $nb))
          (then
            (local.set $a1 (f64.add (f64.const 1) (f64.mul (f64.convert_i32_s (call $branching (local.get $hc))) (global.get $mptL))))
            (if (f64.lt (local.get $a1) (local.get $mn))
              (then (if (call $mptConfirm (local.get $ply) (i32.const 2) (local.get $nb) (local.get $hc) (local.get $x))
                (then (local.set $mn (local.get $a1))))))))
        (local.set $i (i32.add (local.get $i) (i32.const 1)))
        (br $children)))
    (if (f64.eq (local.get $mn) (f64.const inf))
      (then (call $inconsistent (i32.const 0) (local.get $ply) (i32.sub (i32.const 0) (local.get $nb))) (unreachable)))
    (local.get $mn))

  ;; the value of child i (state hc) of a node with prefix value p and zero-damage child z
  (func $childValue (param $hc i32) (param $i i32) (param $z i32) (param $p i32) (result i32)
    (i32.sub
      (i32.and (call $below (local.get $hc) (global.get $dspan))
        (i32.xor (i32.shr_s (i32.sub (i32.xor (local.get $i) (local.get $z)) (i32.const 1)) (i32.const 31)) (i32.const -1)))
      (local.get $p)))

  ;; MptBranchAndBound.all: A_a(v) of the node (h, p) at `ply` with n children, remaining depth r >= 2
  (func $mptAll (param $ply i32) (param $r i32) (param $a i32) (param $budget f64) (param $h i32) (param $p i32) (param $n i32) (result f64)
    (local $lc f64) (local $rest f64) (local $s f64) (local $at i32) (local $end i32) (local $na i32)
    (global.set $mptExpanded (i64.add (global.get $mptExpanded) (i64.const 1)))
    (if (i32.eq (local.get $r) (i32.const 2))
      (then (return (f64.add (f64.const 1) (f64.mul (f64.convert_i32_s (local.get $n)) (f64.add (f64.const 1) (global.get $mptL)))))))
    (local.set $lc (f64.load offset=116480 (i32.shl (i32.sub (local.get $r) (i32.const 1)) (i32.const 3))))
    (local.set $rest (f64.mul (f64.convert_i32_s (local.get $n)) (local.get $lc)))
    (local.set $s (f64.const 1))
    (if (f64.gt (f64.add (local.get $s) (local.get $rest)) (local.get $budget))
      (then (return (f64.add (local.get $s) (local.get $rest)))))
    (drop (call $expand (local.get $ply) (local.get $h) (local.get $p)))
    (local.set $at (i32.shl (local.get $ply) (i32.const 8)))
    (local.set $end (i32.add (local.get $at) (i32.shl (local.get $n) (i32.const 2))))
    (local.set $na (i32.sub (i32.const 0) (local.get $a)))
    (loop $children
      (local.set $rest (f64.sub (local.get $rest) (local.get $lc)))
      (local.set $s (f64.add (local.get $s)
        (call $mptCut (i32.add (local.get $ply) (i32.const 1)) (i32.sub (local.get $r) (i32.const 1)) (local.get $na)
          (f64.sub (f64.sub (local.get $budget) (local.get $s)) (local.get $rest))
          (i32.load offset=0 (local.get $at)) (i32.load offset=16640 (local.get $at)))))
      (if (f64.gt (f64.add (local.get $s) (local.get $rest)) (local.get $budget))
        (then (return (f64.add (local.get $s) (local.get $rest)))))
      (br_if $children (i32.lt_u (local.tee $at (i32.add (local.get $at) (i32.const 4))) (local.get $end))))
    (local.get $s))

  ;; MptBranchAndBound.confirm: f(w) <= a for the child w (state hc, value x) of the node at `ply` with
  ;; remaining depth r, from its upper bound, else by a test
  (func $mptConfirm (param $ply i32) (param $r i32) (param $a i32) (param $hc i32) (param $x i32) (result i32)
    (if (i32.le_s (i32.add (local.get $x) (global.get $mptHiE)) (local.get $a)) (then (return (i32.const 1))))
    (global.set $mptTests (i64.add (global.get $mptTests) (i64.const 1)))
    (call $mptLe (i32.add (local.get $ply) (i32.const 1)) (i32.sub (local.get $r) (i32.const 1)) (local.get $a) (local.get $hc) (local.get $x)))

  ;; SeenValues.le: f(node (h, p) at `ply`) <= a in the truncation with r >= 1 plies remaining
  (func $mptLe (param $ply i32) (param $r i32) (param $a i32) (param $h i32) (param $p i32) (result i32)
    (local $na i32) (local $row i32) (local $j i32) (local $end i32) (local $x i32)
    (local.set $na (i32.sub (i32.const 0) (local.get $a)))
    (if (i32.eq (local.get $r) (i32.const 1))
      (then (return (i32.eqz (call $mptSomeLeafAtMost (local.get $ply) (local.get $h) (local.get $p) (i32.sub (local.get $na) (i32.const 1)))))))
    (if (call $mptOrderChildren (local.get $ply) (local.get $h) (local.get $p) (i32.sub (local.get $na) (i32.const 1)))
      (then (return (i32.const 0))))
    (local.set $row (i32.shl (local.get $ply) (i32.const 8)))
    (local.set $j (local.get $row))
    (local.set $end (i32.add (local.get $row) (i32.shl (call $branching (local.get $h)) (i32.const 2))))
    (loop $children
      (local.set $x (i32.load offset=66560 (local.get $j)))
      (if (i32.lt_s (call $mptLo (local.get $x)) (local.get $na))
        (then (if (i32.eqz (call $mptGe (i32.add (local.get $ply) (i32.const 1)) (i32.sub (local.get $r) (i32.const 1)) (local.get $na)
            (i32.load offset=0 (i32.add (local.get $row) (i32.shl (i32.load offset=49920 (local.get $j)) (i32.const 2)))) (local.get $x)))
          (then (return (i32.const 0))))))
      (br_if $children (i32.lt_u (local.tee $j (i32.add (local.get $j) (i32.const 4))) (local.get $end))))
    (i32.const 1))

  ;; SeenValues.ge: f(node (h, p) at `ply`) >= b in the truncation with r >= 1 plies remaining
  (func $mptGe (param $ply i32) (param $r i32) (param $b i32) (param $h i32) (param $p i32) (result i32)
    (local $nb i32) (local $row i32) (local $j i32) (local $end i32) (local $x i32)
    (local.set $nb (i32.sub (i32.const 0) (local.get $b)))
    (if (i32.eq (local.get $r) (i32.const 1))
      (then (return (call $mptSomeLeafAtMost (local.get $ply) (local.get $h) (local.get $p) (local.get $nb)))))
    (if (call $mptOrderChildren (local.get $ply) (local.get $h) (local.get $p) (local.get $nb))
      (then (return (i32.const 1))))
    (local.set $row (i32.shl (local.get $ply) (i32.const 8)))
    (local.set $j (local.get $row))
    (local.set $end (i32.add (local.get $row) (i32.shl (call $branching (local.get $h)) (i32.const 2))))
    (loop $children
      (local.set $x (i32.load offset=66560 (local.get $j)))
      (if (i32.le_s (call $mptLo (local.get $x)) (local.get $nb))
        (then (if (call $mptLe (i32.add (local.get $ply) (i32.const 1)) (i32.sub (local.get $r) (i32.const 1)) (local.get $nb)
            (i32.load offset=0 (i32.add (local.get $row) (i32.shl (i32.load offset=49920 (local.get $j)) (i32.const 2)))) (local.get $x))
          (then (return (i32.const 1))))))
      (br_if $children (i32.lt_u (local.tee $j (i32.add (local.get $j) (i32.const 4))) (local.get $end))))
    (i32.const 0))

  ;; SeenValues.readBounds: the children of the node (h, p) at `ply` into the ply's rows and, by an
  ;; insertion sort as they are drawn, into the order the tests try them; true as soon as one child's
  ;; upper bound is <= t
  (func $mptOrderChildren (param $ply i32) (param $h i32) (param $p i32) (param $t i32) (result i32)
    (local $n i32) (local $z i32) (local $row i32) (local $i i32) (local $at i32) (local $hc i32) (local $x i32) (local $j i32)
    (local.set $n (call $branching (local.get $h)))
    (local.set $z (call $zeroChild (local.get $h) (local.get $n)))
    (local.set $row (i32.shl (local.get $ply) (i32.const 8)))
    (loop $children
      (local.set $at (i32.add (local.get $row) (i32.shl (local.get $i) (i32.const 2))))
      (local.set $hc (call $mix32 (i32.add (i32.mul (local.get $h) (i32.const 0x9e3779b1)) (i32.add (local.get $i) (i32.const 1)))))
      (local.set $x (call $childValue (local.get $hc) (local.get $i) (local.get $z) (local.get $p)))
      (if (i32.le_s (i32.add (local.get $x) (global.get $mptHiE)) (local.get $t)) (then (return (i32.const 1))))
      (i32.store offset=0 (local.get $at) (local.get $hc))
      (i32.store offset=16640 (local.get $at) (local.get $x))
      (local.set $j (local.get $at))
      (block $placed
        (loop $shift
          (br_if $placed (i32.le_u (local.get $j) (local.get $row)))
          (br_if $placed (i32.le_s (i32.load offset=66556 (local.get $j)) (local.get $x)))
          (i32.store offset=66560 (local.get $j) (i32.load offset=66556 (local.get $j)))
          (i32.store offset=49920 (local.get $j) (i32.load offset=49916 (local.get $j)))
          (local.set $j (i32.sub (local.get $j) (i32.const 4)))
          (br $shift)))
      (i32.store offset=66560 (local.get $j) (local.get $x))
      (i32.store offset=49920 (local.get $j) (local.get $i))
      (br_if $children (i32.lt_u (local.tee $i (i32.add (local.get $i) (i32.const 1))) (local.get $n))))
    (i32.const 0))

  ;; whether some child of the node (h, p) at `ply`, all of whose children are leaves, scores <= t; a
  ;; noisy leaf of value x scores within x +- E, and its noise is drawn only where that does not decide
  (func $mptSomeLeafAtMost (param $ply i32) (param $h i32) (param $p i32) (param $t i32) (result i32)
    (local $n i32) (local $z i32) (local $e i32) (local $i i32) (local $hc i32) (local $x i32)
    (local.set $n (call $branching (local.get $h)))
    (local.set $z (call $zeroChild (local.get $h) (local.get $n)))
    (local.set $e (select (global.get $noiseE) (i32.const 0)
      (i32.and (global.get $noisyLeaves) (i32.lt_s (i32.add (local.get $ply) (i32.const 1)) (global.get $maxPly)))))
    (loop $children
      (local.set $hc (call $mix32 (i32.add (i32.mul (local.get $h) (i32.const 0x9e3779b1)) (i32.add (local.get $i) (i32.const 1)))))
      (local.set $x (call $childValue (local.get $hc) (local.get $i) (local.get $z) (local.get $p)))
      (if (i32.le_s (i32.sub (local.get $x) (local.get $e)) (local.get $t))
        (then
          (if (i32.le_s (i32.add (local.get $x) (local.get $e)) (local.get $t)) (then (return (i32.const 1))))
          (if (i32.le_s (call $estimate (local.get $hc) (local.get $x)) (local.get $t)) (then (return (i32.const 1))))))
      (br_if $children (i32.lt_u (local.tee $i (i32.add (local.get $i) (i32.const 1))) (local.get $n))))
    (i32.const 0))

  ;; P(root) of the truncation at remaining depth r >= 2 (root state h, prefix value p, value fv; the tree
  ;; set by setTree, a tree with a zero-damage move): leaf cost L, bounds (x & keep) - loE and x + hiE;
  ;; LC and LCany written by the host. The expansions and tests it counts: mptExpanded, mptTests.
  (func (export "mptSize") (param $r i32) (param $fv i32) (param $h i32) (param $p i32) (param $L f64)
      (param $keep i32) (param $loE i32) (param $hiE i32) (result f64)
    (global.set $byEstimate (i32.const 0))
    (global.set $mptL (local.get $L))
    (global.set $mptKeep (local.get $keep))
    (global.set $mptLoE (local.get $loE))
    (global.set $mptHiE (local.get $hiE))
    (global.set $mptExpanded (i64.const 0))
    (global.set $mptTests (i64.const 0))
    (call $mptPv (i32.const 0) (local.get $r) (local.get $fv) (f64.const inf) (local.get $h) (local.get $p)))

  (func (export "mptExpanded") (result f64) (f64.convert_i64_s (global.get $mptExpanded)))
  (func (export "mptTests") (result f64) (f64.convert_i64_s (global.get $mptTests)))

  ;; How the annotated search orders children: by value (integer keys) or by the weighted FCF keys
  ;; (weights wV, wR, wS); never-searched children random or by estimate; which S_i are known
  ;; (sizeMode, SearchContext's), the stand-in of the others, and whether a seen child's S_i is its
  ;; subtree size.
  (func (export "setOrdering") (param $intKeys i32) (param $randomUnexpanded i32) (param $useTie i32)
      (param $sizeMode i32) (param $subtreeSize i32) (param $sizeStandIn f64) (param $wV f64) (param $wR f64) (param $wS f64)
    (global.set $intKeys (local.get $intKeys))
    (global.set $randomUnexpanded (local.get $randomUnexpanded))
    (global.set $useTie (local.get $useTie))
    (global.set $sizeMode (local.get $sizeMode))
    (global.set $subtreeSize (local.get $subtreeSize))
    (global.set $sizeStandIn (local.get $sizeStandIn))
    (global.set $wV (local.get $wV))
    (global.set $wR (local.get $wR))
    (global.set $wS (local.get $wS)))

  ;; P_i of the FCF key: the hard threshold, or the learned table of `count` entries from byte 118,784
  ;; (written there by the host) for margins from minMargin on.
  (func (export "setCutProbability") (param $learned i32) (param $minMargin f64) (param $count i32)
    (global.set $learned (local.get $learned))
    (global.set $minMargin (local.get $minMargin))
    (global.set $lastP (f64.convert_i32_s (i32.sub (local.get $count) (i32.const 1)))))

  ;; The transposition table (its index mask and clear count), or none; whether its move goes first.
  (func (export "setTable") (param $hasTable i32) (param $mask i32) (param $epoch i32) (param $ttFirst i32)
    (global.set $hasTable (local.get $hasTable))
    (global.set $ttMask (local.get $mask))
    (global.set $ttEpoch (local.get $epoch))
    (global.set $ttFirst (local.get $ttFirst)))

  ;; Memory for the table (the host then copies it in); false when memory cannot grow.
  (func (export "reserveTable") (result i32)
    (call $reserve (i64.const 33685504)))

  ;; Memory for `cap` annotation records, each new (the host then copies a tree's records in); false when
  ;; memory cannot grow.
  (func (export "setAnnotations") (param $cap i32) (result i32)
    (if (i32.eqz (call $reserve (call $annotationEnd (local.get $cap)))) (then (return (i32.const 0))))
    (call $newRecords (i32.const 0) (local.get $cap))
    (global.set $annCap (local.get $cap))
    (i32.const 1))

  ;; AnnotationTree.reset of the tree held here, `count` records in use: each unexpanded and unseen
  (func (export "resetAnnotations") (param $count i32)
    (local $at i32) (local $end i32)
    (local.set $at (call $annRecord (i32.const 0)))
    (local.set $end (call $annRecord (local.get $count)))
    (block $done (loop $records
      (br_if $done (i32.ge_u (local.get $at) (local.get $end)))
      (i32.store (local.get $at) (i32.const -1))
      (i32.store8 offset=13 (local.get $at) (i32.const 0))
      (local.set $at (i32.add (local.get $at) (i32.const 16)))
      (br $records))))

  ;; Search from the root (state h, prefix value pv, key word k2, record 0) to `depth` with window
  ;; (alpha, beta), `count` annotation records in use; the counts start at `visited` and `expanded`, the
  ;; limit is on the visits, and the best root move stays `rootMove` unless the root is expanded.
  (func (export "annotatedSearch") (param $depth i32) (param $alpha i32) (param $beta i32) (param $h i32) (param $pv i32)
      (param $k2 i32) (param $scout i32) (param $visited f64) (param $expanded f64) (param $limit f64) (param $count i32)
      (param $rootMove i32) (result i32)
    (global.set $byEstimate (i32.const 0))
    (global.set $scout (local.get $scout))
    (global.set $visited (i64.trunc_f64_s (local.get $visited)))
    (global.set $expanded (i64.trunc_f64_s (local.get $expanded)))
    (global.set $limit (i64.trunc_f64_s (local.get $limit)))
    (global.set $settled (i64.const 0))
    (global.set $annCount (local.get $count))
    (global.set $rootMove (local.get $rootMove))
    (call $annotated (i32.const 0) (local.get $depth) (local.get $alpha) (local.get $beta) (local.get $h) (local.get $pv)
      (local.get $k2) (i32.const 0)))

  (func (export "settled") (result f64) (f64.convert_i64_s (global.get $settled)))
  (func (export "annotationCount") (result i32) (global.get $annCount))
  (func (export "annotationCapacity") (result i32) (global.get $annCap))

  ;; the tree: generation parameters as PrefixValueShape gives them (noisyLeaves = horizon estimate and E > 0)
  (func (export "setTree") (param $bmin i32) (param $bspan i32) (param $dspan i32) (param $zeroDamage i32)
      (param $noiseE i32) (param $noisyLeaves i32) (param $maxPly i32)
    (global.set $bmin (local.get $bmin))
    (global.set $bspan (local.get $bspan))
    (global.set $dspan (local.get $dspan))
    (global.set $zeroDamage (local.get $zeroDamage))
    (global.set $noiseE (local.get $noiseE))
    (global.set $noiseSpan (i32.add (i32.shl (local.get $noiseE) (i32.const 1)) (i32.const 1)))
    (global.set $noisyLeaves (local.get $noisyLeaves))
    (global.set $maxPly (local.get $maxPly)))

  ;; PrefixValueTree's rows for the generic engine (./prefix-value-rows.ts), on an instance of this module
  ;; kept for trees: the children of the node at `ply` (state h, prefix value pv), and their integer
  ;; estimate keys (Game.childEstimatesInt), into the rows above.
  (func (export "treeExpand") (param $ply i32) (param $h i32) (param $pv i32) (result i32)
    (call $expand (local.get $ply) (local.get $h) (local.get $pv)))

  (func (export "treeEstimates") (param $ply i32) (param $n i32)
    (call $estimates (local.get $ply) (local.get $n)))

  ;; Search from the root (state h, prefix value pv) to `depth` with window (alpha, beta); the counts start
  ;; at `visited` and `expanded` and the limit is on the visits (all below 2^53).
  (func (export "search") (param $depth i32) (param $alpha i32) (param $beta i32) (param $h i32) (param $pv i32)
      (param $byEstimate i32) (param $scout i32) (param $visited f64) (param $expanded f64) (param $limit f64) (result i32)
    (global.set $byEstimate (local.get $byEstimate))
    (global.set $scout (local.get $scout))
    (global.set $visited (i64.trunc_f64_s (local.get $visited)))
    (global.set $expanded (i64.trunc_f64_s (local.get $expanded)))
    (global.set $limit (i64.trunc_f64_s (local.get $limit)))
    (global.set $rootMove (i32.const -1))
    (call $search (i32.const 0) (local.get $depth) (local.get $alpha) (local.get $beta) (local.get $h) (local.get $pv)))

  (func (export "visited") (result f64) (f64.convert_i64_s (global.get $visited)))
  (func (export "expanded") (result f64) (f64.convert_i64_s (global.get $expanded)))
  (func (export "rootMove") (result i32) (global.get $rootMove)))
