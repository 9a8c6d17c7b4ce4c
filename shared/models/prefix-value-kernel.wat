;; Alpha-beta and NegaScout on implicit prefix value trees (Furtak & Buro 2009, Sec. 7) without memories,
;; natural or static estimate ordering: the plain part of ./prefix-value-search.ts (`search`, `frontier`,
;; `expand`, `pick`) in WebAssembly, node for node the same search (the same values, best root move and
;; counts, the visit limit at the same count; tests compare it with the TypeScript kernel and the generic
;; engine). ./prefix-value-kernel-wasm.ts carries its bytes and runs it.
;;
;; The tree is the one ../util/hash.ts and ./prefix-value.ts generate: a child's state is
;; mix32(parent * 0x9e3779b1 + i + 1), its damage below(state, D + 1) (0 for the zero-damage child), the
;; number of children bmin + below(mix32(state ^ SALT_BRANCH), bspan), the zero-damage child
;; below(mix32(state ^ SALT_ZERO), n), the noise below(mix32(state ^ SALT_NOISE), 2E + 1) - E, where
;; below(h, n) = floor(h * n / 2^32) (h unsigned). Values are int32 (|value| < 2^27), so every difference
;; below stays inside int32.
;;
;; Memory: three rows of 64 int32 per ply, for plies 0..64: the children's states from byte 0, their
;; values (in the parent's view negated: prefix value minus the parent's) from 16,640, their ordering keys
;; from 33,280. Counters are i64 (a search may pass 2^31 visits).
;;
;; Import: `limit` (called when the visits pass the limit; it throws, unwinding the search).
(module
  (import "env" "limit" (func $limitReached))
  (memory (export "memory") 1)
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

  ;; the estimate key of a child (state hc, value cv in the parent's view): E - cv - below(noise hash, 2E + 1)
  (func $key (param $hc i32) (param $cv i32) (result i32)
    (i32.sub (i32.sub (global.get $noiseE) (local.get $cv))
      (call $below (call $mix32 (i32.xor (local.get $hc) (i32.const 0x5851f42d))) (global.get $noiseSpan))))

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

  ;; a visit: past the limit, the host is told (and throws)
  (func $visit
    (global.set $visited (i64.add (global.get $visited) (i64.const 1)))
    (if (i64.gt_s (global.get $visited) (global.get $limit)) (then (call $limitReached))))

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
        (call $visit)
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
    (call $visit)
    (if (i32.or (i32.eqz (local.get $depth)) (i32.eq (local.get $ply) (global.get $maxPly)))
      (then
        ;; the horizon (its noisy estimate with noisy leaves), or a terminal node below a deeper search
        (return (if (result i32) (i32.and (global.get $noisyLeaves) (i32.lt_s (local.get $ply) (global.get $maxPly)))
          (then (i32.sub (i32.add (local.get $pv)
            (call $below (call $mix32 (i32.xor (local.get $h) (i32.const 0x5851f42d))) (global.get $noiseSpan)))
            (global.get $noiseE)))
          (else (local.get $pv))))))
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
