;; The solve mode's shallow search (./endgame-solver.ts: shallowNode, last2, last1, playThenLast1,
;; stabilityCut) in WebAssembly, so a board is one native i64 word per side, a disc count one i64.popcnt
;; and a lowest square one i64.ctz. Node for node the TypeScript search: the same fail-soft values, the
;; same squares in the same order, the same nodes counted (tests compare value and nodes position by
;; position, window by window); ./shallow-kernel.ts runs it, from roots of two empties or more (a root of
;; one is the TypeScript last1's, so that last1 and playThenLast1 here have one caller each, inlined into
;; last2 when the kernel is built).
;;
;; Bitboards: square x (A1 = 0 .. H8 = 63, row by row) is bit x; `p` the discs of the player to move, `o`
;; the opponent's.
;;
;; Memory (bytes): from 0 the eight directions' row and column steps (signed bytes: rows 0..7, columns
;; 8..15), in ./bitboard-kernel.ts's order: 0-3 towards higher squares (+1, +8, +9, +7), 4-7
;; towards lower ones (−1, −8, −9, −7); from 64 the rays, RAY[d·64 + x] the squares after x in direction
;; d up to the board's edge (i64, 4,096 bytes); from 4,160 NEAR[x] the squares next to x (i64). The rays
;; are filled by $init when the module is instantiated.
;;
;; The visits: `left` counts down to the host's next event (a progress tick, or the visit past the node
;; limit); at 0 the import `event` is called, which throws (the limit: the search unwinds) or returns the
;; next count. The host passes its count in and gets the count left back beside the value.
(module
  (import "env" "event" (func $event (result i32)))
  (memory 1)
  (global $left (mut i32) (i32.const 1))
  (global $stability (mut i32) (i32.const 0))
  (data (i32.const 0) "\00\01\01\01\00\ff\ff\ff" "\01\00\01\ff\ff\00\ff\01")
  (start $init)

  ;; RAY and NEAR from the directions' steps.
  (func $init
    (local $d i32) (local $x i32) (local $r i32) (local $c i32) (local $ray i64) (local $at i32)
    (loop $dirs
      (local.set $x (i32.const 0))
      (loop $squares
        (local.set $r (i32.add (i32.shr_u (local.get $x) (i32.const 3)) (i32.load8_s (local.get $d))))
        (local.set $c (i32.add (i32.and (local.get $x) (i32.const 7)) (i32.load8_s offset=8 (local.get $d))))
        (local.set $ray (i64.const 0))
        (block $edge
          (loop $walk
            ;; off the board: a row or column below 0 reads as a large unsigned number
            (br_if $edge (i32.or (i32.ge_u (local.get $r) (i32.const 8)) (i32.ge_u (local.get $c) (i32.const 8))))
            (local.set $ray (i64.or (local.get $ray)
              (i64.shl (i64.const 1) (i64.extend_i32_u (i32.add (i32.shl (local.get $r) (i32.const 3)) (local.get $c))))))
            (local.set $r (i32.add (local.get $r) (i32.load8_s (local.get $d))))
            (local.set $c (i32.add (local.get $c) (i32.load8_s offset=8 (local.get $d))))
            (br $walk)))
        (i64.store offset=64 (i32.shl (i32.add (i32.shl (local.get $d) (i32.const 6)) (local.get $x)) (i32.const 3))
          (local.get $ray))
        ;; the ray's first square: its lowest towards higher squares, its highest towards lower ones
        (if (i64.ne (local.get $ray) (i64.const 0))
          (then
            (local.set $at (i32.shl (local.get $x) (i32.const 3)))
            (i64.store offset=4160 (local.get $at)
              (i64.or (i64.load offset=4160 (local.get $at))
                (select
                  (i64.and (local.get $ray) (i64.sub (i64.const 0) (local.get $ray)))
                  (i64.shr_u (i64.const 0x8000000000000000) (i64.clz (local.get $ray)))
                  (i32.lt_u (local.get $d) (i32.const 4)))))))
        (local.set $x (i32.add (local.get $x) (i32.const 1)))
        (br_if $squares (i32.lt_u (local.get $x) (i32.const 64))))
      (local.set $d (i32.add (local.get $d) (i32.const 1)))
      (br_if $dirs (i32.lt_u (local.get $d) (i32.const 8)))))

  ;; One ray towards higher squares: its squares before the nearest blocker (the lowest of r & bk), when
  ;; that blocker is a closer (in cl); none when the ray has no blocker.
  (func $up (param $r i64) (param $bk i64) (param $cl i64) (result i64)
    (local $b i64)
    (local.set $b (i64.and (local.get $r) (local.get $bk)))
    (local.set $b (i64.and (local.get $b) (i64.sub (i64.const 0) (local.get $b))))
    (select
      (i64.and (local.get $r) (i64.sub (local.get $b) (i64.const 1)))
      (i64.const 0)
      (i64.ne (i64.and (local.get $b) (local.get $cl)) (i64.const 0))))

  ;; One ray towards lower squares: the same with the highest blocker (the squares of the ray above it).
  ;; With no blocker, clz is 64, the shift by 64 is a shift by 0, and h = bit 63: h << 1 = 0 keeps nothing.
  (func $down (param $r i64) (param $bk i64) (param $cl i64) (result i64)
    (local $h i64)
    (local.set $h (i64.shr_u (i64.const 0x8000000000000000) (i64.clz (i64.and (local.get $r) (local.get $bk)))))
    (select
      (i64.and (local.get $r) (i64.sub (i64.const 0) (i64.shl (local.get $h) (i64.const 1))))
      (i64.const 0)
      (i64.ne (i64.and (local.get $h) (local.get $cl)) (i64.const 0))))

  ;; The flips of a move on x given the blockers bk (the squares that end a run) and the closers cl.
  (func $closedRuns (param $bk i64) (param $cl i64) (param $x i32) (result i64)
    (local $a i32)
    (local.set $a (i32.shl (local.get $x) (i32.const 3)))
    (i64.or
      (i64.or
        (i64.or
          (call $up (i64.load offset=64 (local.get $a)) (local.get $bk) (local.get $cl))
          (call $up (i64.load offset=576 (local.get $a)) (local.get $bk) (local.get $cl)))
        (i64.or
          (call $up (i64.load offset=1088 (local.get $a)) (local.get $bk) (local.get $cl))
          (call $up (i64.load offset=1600 (local.get $a)) (local.get $bk) (local.get $cl))))
      (i64.or
        (i64.or
          (call $down (i64.load offset=2112 (local.get $a)) (local.get $bk) (local.get $cl))
          (call $down (i64.load offset=2624 (local.get $a)) (local.get $bk) (local.get $cl)))
        (i64.or
          (call $down (i64.load offset=3136 (local.get $a)) (local.get $bk) (local.get $cl))
          (call $down (i64.load offset=3648 (local.get $a)) (local.get $bk) (local.get $cl))))))

  ;; Discs flipped when p plays the empty square x against o (none when no disc of o is next to x).
  (func $flips (param $p i64) (param $o i64) (param $x i32) (result i64)
    (if (i64.eqz (i64.and (local.get $o) (i64.load offset=4160 (i32.shl (local.get $x) (i32.const 3)))))
      (then (return (i64.const 0))))
    (call $closedRuns (i64.xor (local.get $o) (i64.const -1)) (local.get $p) (local.get $x)))

  ;; The discs p flips on x, the board's only empty square (every other square not p's is the opponent's).
  (func $lastFlipCount (param $p i64) (param $x i32) (result i32)
    (i32.wrap_i64 (i64.popcnt (call $closedRuns (local.get $p) (local.get $p) (local.get $x)))))

  ;; Moves along one shift s towards higher squares through the opponent's discs m (masked against
  ;; wrapping where s crosses columns): the flood in two single steps and two double steps, then a step
  ;; onto an empty square of e (as bitboard-kernel.ts's moves).
  (func $movesUp (param $p i64) (param $m i64) (param $e i64) (param $s i64) (result i64)
    (local $f i64) (local $pairs i64) (local $s2 i64)
    (local.set $s2 (i64.shl (local.get $s) (i64.const 1)))
    (local.set $f (i64.and (local.get $m) (i64.shl (local.get $p) (local.get $s))))
    (local.set $f (i64.or (local.get $f) (i64.and (local.get $m) (i64.shl (local.get $f) (local.get $s)))))
    (local.set $pairs (i64.and (local.get $m) (i64.shl (local.get $m) (local.get $s))))
    (local.set $f (i64.or (local.get $f) (i64.and (local.get $pairs) (i64.shl (local.get $f) (local.get $s2)))))
    (local.set $f (i64.or (local.get $f) (i64.and (local.get $pairs) (i64.shl (local.get $f) (local.get $s2)))))
    (i64.and (local.get $e) (i64.shl (local.get $f) (local.get $s))))

  ;; The same towards lower squares.
  (func $movesDown (param $p i64) (param $m i64) (param $e i64) (param $s i64) (result i64)
    (local $f i64) (local $pairs i64) (local $s2 i64)
    (local.set $s2 (i64.shl (local.get $s) (i64.const 1)))
    (local.set $f (i64.and (local.get $m) (i64.shr_u (local.get $p) (local.get $s))))
    (local.set $f (i64.or (local.get $f) (i64.and (local.get $m) (i64.shr_u (local.get $f) (local.get $s)))))
    (local.set $pairs (i64.and (local.get $m) (i64.shr_u (local.get $m) (local.get $s))))
    (local.set $f (i64.or (local.get $f) (i64.and (local.get $pairs) (i64.shr_u (local.get $f) (local.get $s2)))))
    (local.set $f (i64.or (local.get $f) (i64.and (local.get $pairs) (i64.shr_u (local.get $f) (local.get $s2)))))
    (i64.and (local.get $e) (i64.shr_u (local.get $f) (local.get $s))))

  ;; The legal moves of p against o; the opponent's discs of columns B-G for the shifts that cross columns.
  (func $moves (param $p i64) (param $o i64) (result i64)
    (local $e i64) (local $in i64)
    (local.set $e (i64.xor (i64.or (local.get $p) (local.get $o)) (i64.const -1)))
    (local.set $in (i64.and (local.get $o) (i64.const 0x7e7e7e7e7e7e7e7e)))
    (i64.or
      (i64.or
        (i64.or
          (call $movesUp (local.get $p) (local.get $in) (local.get $e) (i64.const 1))
          (call $movesDown (local.get $p) (local.get $in) (local.get $e) (i64.const 1)))
        (i64.or
          (call $movesUp (local.get $p) (local.get $o) (local.get $e) (i64.const 8))
          (call $movesDown (local.get $p) (local.get $o) (local.get $e) (i64.const 8))))
      (i64.or
        (i64.or
          (call $movesUp (local.get $p) (local.get $in) (local.get $e) (i64.const 9))
          (call $movesDown (local.get $p) (local.get $in) (local.get $e) (i64.const 9)))
        (i64.or
          (call $movesUp (local.get $p) (local.get $in) (local.get $e) (i64.const 7))
          (call $movesDown (local.get $p) (local.get $in) (local.get $e) (i64.const 7))))))

  ;; The stable discs of p against o, as ./stability.ts's stableDiscs: safe along a line when the line is
  ;; full, the disc ends it, or a neighbour on it is stable; grown from none until it stops growing.
  (func $stable (param $p i64) (param $o i64) (result i64)
    (local $full i64) (local $e i64) (local $t i64) (local $u i64) (local $dn i64)
    (local $h i64) (local $v i64) (local $a i64) (local $b i64) (local $s i64) (local $n i64)
    (local.set $full (i64.or (local.get $p) (local.get $o)))
    (local.set $e (i64.xor (local.get $full) (i64.const -1)))
    ;; full rows: the bytes of all ones
    (local.set $t (i64.and (local.get $full) (i64.shr_u (local.get $full) (i64.const 4))))
    (local.set $t (i64.and (local.get $t) (i64.shr_u (local.get $t) (i64.const 2))))
    (local.set $t (i64.and (local.get $t) (i64.shr_u (local.get $t) (i64.const 1))))
    ;; h: a full row, or columns A and H
    (local.set $h (i64.or (i64.mul (i64.and (local.get $t) (i64.const 0x0101010101010101)) (i64.const 0xff))
      (i64.const 0x8181818181818181)))
    ;; full columns: the rows ANDed into one byte
    (local.set $t (i64.and (local.get $full) (i64.shr_u (local.get $full) (i64.const 32))))
    (local.set $t (i64.and (local.get $t) (i64.shr_u (local.get $t) (i64.const 16))))
    (local.set $t (i64.and (local.get $t) (i64.shr_u (local.get $t) (i64.const 8))))
    ;; v: a full column, or rows 1 and 8
    (local.set $v (i64.or (i64.mul (i64.and (local.get $t) (i64.const 0xff)) (i64.const 0x0101010101010101))
      (i64.const 0xff000000000000ff)))
    ;; A1-H8 diagonals holding an empty square: the empties spread along them by 1, 2, 4 squares each
    ;; way, each step masked where it would wrap between columns H and A
    (local.set $u (local.get $e))
    (local.set $u (i64.or (local.get $u) (i64.and (i64.shl (local.get $u) (i64.const 9)) (i64.const 0xfefefefefefefefe))))
    (local.set $u (i64.or (local.get $u) (i64.and (i64.shl (local.get $u) (i64.const 18)) (i64.const 0xfcfcfcfcfcfcfcfc))))
    (local.set $u (i64.or (local.get $u) (i64.and (i64.shl (local.get $u) (i64.const 36)) (i64.const 0xf0f0f0f0f0f0f0f0))))
    (local.set $dn (local.get $e))
    (local.set $dn (i64.or (local.get $dn) (i64.and (i64.shr_u (local.get $dn) (i64.const 9)) (i64.const 0x7f7f7f7f7f7f7f7f))))
    (local.set $dn (i64.or (local.get $dn) (i64.and (i64.shr_u (local.get $dn) (i64.const 18)) (i64.const 0x3f3f3f3f3f3f3f3f))))
    (local.set $dn (i64.or (local.get $dn) (i64.and (i64.shr_u (local.get $dn) (i64.const 36)) (i64.const 0x0f0f0f0f0f0f0f0f))))
    ;; a: a full A1-H8 diagonal, or an edge
    (local.set $a (i64.or (i64.xor (i64.or (local.get $u) (local.get $dn)) (i64.const -1)) (i64.const 0xff818181818181ff)))
    ;; A8-H1 diagonals: steps of 7, 14, 28 (up the board a step moves left)
    (local.set $u (local.get $e))
    (local.set $u (i64.or (local.get $u) (i64.and (i64.shl (local.get $u) (i64.const 7)) (i64.const 0x7f7f7f7f7f7f7f7f))))
    (local.set $u (i64.or (local.get $u) (i64.and (i64.shl (local.get $u) (i64.const 14)) (i64.const 0x3f3f3f3f3f3f3f3f))))
    (local.set $u (i64.or (local.get $u) (i64.and (i64.shl (local.get $u) (i64.const 28)) (i64.const 0x0f0f0f0f0f0f0f0f))))
    (local.set $dn (local.get $e))
    (local.set $dn (i64.or (local.get $dn) (i64.and (i64.shr_u (local.get $dn) (i64.const 7)) (i64.const 0xfefefefefefefefe))))
    (local.set $dn (i64.or (local.get $dn) (i64.and (i64.shr_u (local.get $dn) (i64.const 14)) (i64.const 0xfcfcfcfcfcfcfcfc))))
    (local.set $dn (i64.or (local.get $dn) (i64.and (i64.shr_u (local.get $dn) (i64.const 28)) (i64.const 0xf0f0f0f0f0f0f0f0))))
    (local.set $b (i64.or (i64.xor (i64.or (local.get $u) (local.get $dn)) (i64.const -1)) (i64.const 0xff818181818181ff)))
    ;; grow: a neighbour one step along the line stable (a shift that wraps a row lands on column A or
    ;; H, already safe along that line)
    (loop $grow
      (local.set $n
        (i64.and (local.get $p)
          (i64.and
            (i64.and
              (i64.or (local.get $h)
                (i64.or (i64.shl (local.get $s) (i64.const 1)) (i64.shr_u (local.get $s) (i64.const 1))))
              (i64.or (local.get $v)
                (i64.or (i64.shl (local.get $s) (i64.const 8)) (i64.shr_u (local.get $s) (i64.const 8)))))
            (i64.and
              (i64.or (local.get $a)
                (i64.or (i64.shl (local.get $s) (i64.const 9)) (i64.shr_u (local.get $s) (i64.const 9))))
              (i64.or (local.get $b)
                (i64.or (i64.shl (local.get $s) (i64.const 7)) (i64.shr_u (local.get $s) (i64.const 7))))))))
      (if (i64.ne (local.get $n) (local.get $s))
        (then
          (local.set $s (local.get $n))
          (br $grow))))
    (local.get $s))

  ;; One visit: the count down; 1 when it reaches 0 (the caller then calls the host's event, so that this
  ;; function, calling nothing, is inlined).
  (func $visited (result i32)
    (global.set $left (i32.sub (global.get $left) (i32.const 1)))
    (i32.eqz (global.get $left)))

  ;; The final score from the disc difference d and the empty squares (to the winner).
  (func $endScore (param $d i32) (param $empties i32) (result i32)
    (if (result i32) (i32.gt_s (local.get $d) (i32.const 0))
      (then (i32.add (local.get $d) (local.get $empties)))
      (else
        (if (result i32) (i32.lt_s (local.get $d) (i32.const 0))
          (then (i32.sub (local.get $d) (local.get $empties)))
          (else (i32.const 0))))))

  ;; The stability cutoff: the bound 64 − 2·(o's stable discs) when it is at most alpha, else 65 (no
  ;; cut); not tried when o holds fewer than 5 discs more than the bound needs stable.
  (func $stabilityCut (param $p i64) (param $o i64) (param $alpha i32) (result i32)
    (local $up i32)
    (if (i32.lt_s (i32.sub (i32.wrap_i64 (i64.popcnt (local.get $o))) (i32.const 5))
          (i32.shr_s (i32.sub (i32.const 65) (local.get $alpha)) (i32.const 1)))
      (then (return (i32.const 65))))
    (local.set $up (i32.sub (i32.const 64)
      (i32.shl (i32.wrap_i64 (i64.popcnt (call $stable (local.get $o) (local.get $p)))) (i32.const 1))))
    (select (local.get $up) (i32.const 65) (i32.le_s (local.get $up) (local.get $alpha))))

  ;; last1: the last empty x, disc difference d; one node.
  (func $last1 (param $p i64) (param $o i64) (param $d i32) (param $x i32) (result i32)
    (local $n i32)
    (if (call $visited) (then (global.set $left (call $event))))
    (local.set $n (call $lastFlipCount (local.get $p) (local.get $x)))
    (if (i32.gt_s (local.get $n) (i32.const 0))
      (then (return (i32.add (i32.add (local.get $d) (i32.shl (local.get $n) (i32.const 1))) (i32.const 1)))))
    (local.set $n (call $lastFlipCount (local.get $o) (local.get $x)))
    (if (i32.gt_s (local.get $n) (i32.const 0))
      (then (return (i32.sub (i32.sub (local.get $d) (i32.shl (local.get $n) (i32.const 1))) (i32.const 1)))))
    (call $endScore (local.get $d) (i32.const 1)))

  ;; The value for p of playing x (flipping f) with the one empty y left: the opponent's last1 on y.
  (func $playThenLast1 (param $p i64) (param $o i64) (param $x i32) (param $f i64) (param $d i32) (param $y i32)
    (result i32)
    (i32.sub (i32.const 0)
      (call $last1
        (i64.and (local.get $o) (i64.xor (local.get $f) (i64.const -1)))
        (i64.or (i64.or (local.get $p) (local.get $f)) (i64.shl (i64.const 1) (i64.extend_i32_u (local.get $x))))
        (i32.sub (i32.sub (i32.const -1) (local.get $d)) (i32.shl (i32.wrap_i64 (i64.popcnt (local.get $f))) (i32.const 1)))
        (local.get $y))))

  ;; last2: the last two empties x1 < x2, disc difference d; fail-soft alpha-beta written out: x1 then x2
  ;; (a loop of two, so that playThenLast1 and last1 have one caller and are inlined into it).
  (func $last2 (param $p i64) (param $o i64) (param $alpha i32) (param $beta i32) (param $x1 i32) (param $x2 i32)
    (param $d i32) (result i32)
    (local $up i32) (local $best i32) (local $v i32) (local $f i64) (local $x i32) (local $y i32)
    (if (call $visited) (then (global.set $left (call $event))))
    (if (global.get $stability)
      (then
        (local.set $up (call $stabilityCut (local.get $p) (local.get $o) (local.get $alpha)))
        (if (i32.ne (local.get $up) (i32.const 65)) (then (return (local.get $up))))))
    (local.set $best (i32.const -65))
    (local.set $x (local.get $x1))
    (local.set $y (local.get $x2))
    (loop $squares
      (local.set $f (call $flips (local.get $p) (local.get $o) (local.get $x)))
      (if (i64.ne (local.get $f) (i64.const 0))
        (then
          (local.set $v
            (call $playThenLast1 (local.get $p) (local.get $o) (local.get $x) (local.get $f) (local.get $d) (local.get $y)))
          (if (i32.gt_s (local.get $v) (local.get $best))
            (then
              (local.set $best (local.get $v))
              (if (i32.ge_s (local.get $best) (local.get $beta)) (then (return (local.get $best))))))))
      (if (i32.eq (local.get $x) (local.get $x1))
        (then
          (local.set $x (local.get $x2))
          (local.set $y (local.get $x1))
          (br $squares))))
    (if (i32.gt_s (local.get $best) (i32.const -65)) (then (return (local.get $best))))
    ;; no move: the game's end, or a pass
    (if (i64.eqz (i64.or (call $flips (local.get $o) (local.get $p) (local.get $x1))
                         (call $flips (local.get $o) (local.get $p) (local.get $x2))))
      (then (return (call $endScore (local.get $d) (i32.const 2)))))
    (i32.sub (i32.const 0)
      (call $last2 (local.get $o) (local.get $p) (i32.sub (i32.const 0) (local.get $beta))
        (i32.sub (i32.const 0) (local.get $alpha)) (local.get $x1) (local.get $x2) (i32.sub (i32.const 0) (local.get $d)))))

  ;; endgame-solver.ts's oddQuadrants on one word: its two quadrants' squares where they hold an odd
  ;; number of w's squares (the bytes folded by XOR, each nibble's parity read from 0x6996).
  (func $oddQuadrants (param $w i32) (result i32)
    (local $y i32)
    (local.set $y (i32.xor (local.get $w) (i32.shr_u (local.get $w) (i32.const 16))))
    (local.set $y (i32.xor (local.get $y) (i32.shr_u (local.get $y) (i32.const 8))))
    (i32.or
      (i32.and (i32.sub (i32.const 0) (i32.and (i32.shr_u (i32.const 0x6996) (i32.and (local.get $y) (i32.const 15))) (i32.const 1)))
        (i32.const 0x0f0f0f0f))
      (i32.and (i32.sub (i32.const 0) (i32.and (i32.shr_u (i32.const 0x6996) (i32.and (i32.shr_u (local.get $y) (i32.const 4)) (i32.const 15))) (i32.const 1)))
        (i32.const 0xf0f0f0f0))))

  ;; shallowNode: fail-soft alpha-beta with parity order, `empties` ≥ 2; the last two empties by last2.
  (func $node (param $p i64) (param $o i64) (param $alpha i32) (param $beta i32) (param $empties i32) (result i32)
    (local $e i64) (local $odd i64) (local $s i64) (local $f i64) (local $x i32) (local $v i32) (local $best i32)
    (local $up i32) (local $pass i32)
    (local.set $e (i64.xor (i64.or (local.get $p) (local.get $o)) (i64.const -1)))
    (if (i32.le_s (local.get $empties) (i32.const 2))
      (then
        (local.set $x (i32.wrap_i64 (i64.ctz (local.get $e))))
        (return (call $last2 (local.get $p) (local.get $o) (local.get $alpha) (local.get $beta) (local.get $x)
          (i32.wrap_i64 (i64.ctz (i64.and (local.get $e) (i64.sub (local.get $e) (i64.const 1)))))
          (i32.sub (i32.wrap_i64 (i64.popcnt (local.get $p))) (i32.wrap_i64 (i64.popcnt (local.get $o))))))))
    (if (call $visited) (then (global.set $left (call $event))))
    (if (i32.and (global.get $stability) (i32.le_s (local.get $empties) (i32.const 5)))
      (then
        (local.set $up (call $stabilityCut (local.get $p) (local.get $o) (local.get $alpha)))
        (if (i32.ne (local.get $up) (i32.const 65)) (then (return (local.get $up))))))
    ;; odd quadrants first, then the others, each in square order
    (local.set $odd (i64.or
      (i64.extend_i32_u (call $oddQuadrants (i32.wrap_i64 (local.get $e))))
      (i64.shl (i64.extend_i32_u (call $oddQuadrants (i32.wrap_i64 (i64.shr_u (local.get $e) (i64.const 32)))))
        (i64.const 32))))
    (local.set $best (i32.const -65))
    (local.set $s (i64.and (local.get $e) (local.get $odd)))
    (loop $passes
      (block $done
        (loop $squares
          (br_if $done (i64.eqz (local.get $s)))
          (local.set $x (i32.wrap_i64 (i64.ctz (local.get $s))))
          (local.set $s (i64.and (local.get $s) (i64.sub (local.get $s) (i64.const 1))))
          (local.set $f (call $flips (local.get $p) (local.get $o) (local.get $x)))
          (br_if $squares (i64.eqz (local.get $f)))
          (local.set $v (i32.sub (i32.const 0)
            (call $node
              (i64.and (local.get $o) (i64.xor (local.get $f) (i64.const -1)))
              (i64.or (i64.or (local.get $p) (local.get $f)) (i64.shl (i64.const 1) (i64.extend_i32_u (local.get $x))))
              (i32.sub (i32.const 0) (local.get $beta))
              (i32.sub (i32.const 0) (local.get $alpha))
              (i32.sub (local.get $empties) (i32.const 1)))))
          (if (i32.gt_s (local.get $v) (local.get $best))
            (then
              (local.set $best (local.get $v))
              (if (i32.gt_s (local.get $v) (local.get $alpha))
                (then
                  (local.set $alpha (local.get $v))
                  (if (i32.ge_s (local.get $alpha) (local.get $beta)) (then (return (local.get $best))))))))
          (br $squares)))
      (if (i32.eqz (local.get $pass))
        (then
          (local.set $pass (i32.const 1))
          (local.set $s (i64.and (local.get $e) (i64.xor (local.get $odd) (i64.const -1))))
          (br $passes))))
    (if (i32.gt_s (local.get $best) (i32.const -65)) (then (return (local.get $best))))
    ;; no move: the game's end, or a pass
    (if (i64.eqz (call $moves (local.get $o) (local.get $p)))
      (then
        (return (call $endScore
          (i32.sub (i32.wrap_i64 (i64.popcnt (local.get $p))) (i32.wrap_i64 (i64.popcnt (local.get $o))))
          (i32.wrap_i64 (i64.popcnt (local.get $e)))))))
    (i32.sub (i32.const 0)
      (call $node (local.get $o) (local.get $p) (i32.sub (i32.const 0) (local.get $beta))
        (i32.sub (i32.const 0) (local.get $alpha)) (local.get $empties))))

  ;; The shallow search of the position (p, o as two words each, `empties` ≥ 2 empty squares) with window
  ;; (alpha, beta), stability cutoffs when `stability` is 1, the host's count `left` (at most 2^23) to its
  ;; next event: returns left << 8 | (value + 65).
  (func (export "search") (param $pl i32) (param $ph i32) (param $ol i32) (param $oh i32) (param $alpha i32)
    (param $beta i32) (param $empties i32) (param $stability i32) (param $left i32) (result i32)
    (local $v i32)
    (global.set $left (local.get $left))
    (global.set $stability (local.get $stability))
    (local.set $v (call $node
      (i64.or (i64.extend_i32_u (local.get $pl)) (i64.shl (i64.extend_i32_u (local.get $ph)) (i64.const 32)))
      (i64.or (i64.extend_i32_u (local.get $ol)) (i64.shl (i64.extend_i32_u (local.get $oh)) (i64.const 32)))
      (local.get $alpha) (local.get $beta) (local.get $empties)))
    (i32.or (i32.shl (global.get $left) (i32.const 8)) (i32.add (local.get $v) (i32.const 65))))

  ;; For the tests, which hold it to ./stability.ts: the stable discs of the player (pl, ph) against (ol, oh).
  (func (export "stableDiscs") (param $pl i32) (param $ph i32) (param $ol i32) (param $oh i32) (result i64)
    (call $stable
      (i64.or (i64.extend_i32_u (local.get $pl)) (i64.shl (i64.extend_i32_u (local.get $ph)) (i64.const 32)))
      (i64.or (i64.extend_i32_u (local.get $ol)) (i64.shl (i64.extend_i32_u (local.get $oh)) (i64.const 32))))))
