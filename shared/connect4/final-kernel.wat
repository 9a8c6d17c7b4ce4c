;; The negamax of the final Connect-Four solver step (./solver.ts, step `final`: Pascal Pons, "Solving
;; Connect 4: how to build a perfect AI", parts 9-12) in WebAssembly, so the 49-bit bitboards of part 6
;; are native i64 words and the move score of part 10 is one i64.popcnt. Node for node the same search as
;; Solver.finalNode in ./solver.ts (tests compare scores and counts position by position); the null-window
;; loop of part 8 and everything else stay in TypeScript (./final-kernel.ts).
;;
;; Bitboards: column c, row r is bit 7c + r (row 6 of each column an always-empty sentinel); `cur` = stones
;; of the player to move, `mask` = all stones, the key cur + mask.
;;
;; Memory: bytes 0..55 the seven column masks in the order moves are added to the sorter (6, 0, 5, 1, 4,
;; 2, 3: reverse centre first, so equal scores come out centre first); from 64 the sorter, one row of 7
;; entries of 24 bytes per stone count (move i64, the mover's winning cells after it i64, score i32);
;; from 8192 the log of written table slots (65,536 addresses, i32); from 327,680 (page 5) the table,
;; `size` entries of one i64 each: key << 8 | value (value 0 = empty), slot = key mod size. The host grows
;; the memory to hold the table before the first search.
;;
;; Imports: `stop` (called when the node count passes maxNodes; it throws, unwinding the search) and
;; `tick` (the node count, every 4096 nodes: PROGRESS_TICK of ../util/progress-pace.ts).
(module
  (import "env" "stop" (func $stop))
  (import "env" "tick" (func $tick (param f64)))
  (memory (export "memory") 5)
  (global $size (mut i64) (i64.const 1))
  (global $nodes (mut i64) (i64.const 0))
  (global $maxNodes (mut i64) (i64.const 0x7fffffffffffffff))
  (global $logged (mut i32) (i32.const 0))
  (global $overflow (mut i32) (i32.const 0))
  ;; the column masks, in the order the sorter adds the moves
  (data (i32.const 0)
    "\00\00\00\00\00\fc\00\00" ;; col 6: 0x3f << 42
    "\3f\00\00\00\00\00\00\00" ;; col 0
    "\00\00\00\00\f8\01\00\00" ;; col 5: 0x3f << 35
    "\80\1f\00\00\00\00\00\00" ;; col 1: 0x3f << 7
    "\00\00\00\f0\03\00\00\00" ;; col 4: 0x3f << 28
    "\00\c0\0f\00\00\00\00\00" ;; col 2: 0x3f << 14
    "\00\00\e0\07\00\00\00\00") ;; col 3: 0x3f << 21
  ;; Pons' compute_winning_position: the empty cells that would complete four in a row for the stones p.
  (func $winning (param $p i64) (param $mask i64) (result i64)
    (local $r i64) (local $t i64)
    ;; vertical
    (local.set $r (i64.and (i64.and (i64.shl (local.get $p) (i64.const 1)) (i64.shl (local.get $p) (i64.const 2))) (i64.shl (local.get $p) (i64.const 3))))
    ;; horizontal (7)
    (local.set $t (i64.and (i64.shl (local.get $p) (i64.const 7)) (i64.shl (local.get $p) (i64.const 14))))
    (local.set $r (i64.or (local.get $r) (i64.and (local.get $t) (i64.shl (local.get $p) (i64.const 21)))))
    (local.set $r (i64.or (local.get $r) (i64.and (local.get $t) (i64.shr_u (local.get $p) (i64.const 7)))))
    (local.set $t (i64.and (i64.shr_u (local.get $p) (i64.const 7)) (i64.shr_u (local.get $p) (i64.const 14))))
    (local.set $r (i64.or (local.get $r) (i64.and (local.get $t) (i64.shl (local.get $p) (i64.const 7)))))
    (local.set $r (i64.or (local.get $r) (i64.and (local.get $t) (i64.shr_u (local.get $p) (i64.const 21)))))
    ;; diagonal (6)
    (local.set $t (i64.and (i64.shl (local.get $p) (i64.const 6)) (i64.shl (local.get $p) (i64.const 12))))
    (local.set $r (i64.or (local.get $r) (i64.and (local.get $t) (i64.shl (local.get $p) (i64.const 18)))))
    (local.set $r (i64.or (local.get $r) (i64.and (local.get $t) (i64.shr_u (local.get $p) (i64.const 6)))))
    (local.set $t (i64.and (i64.shr_u (local.get $p) (i64.const 6)) (i64.shr_u (local.get $p) (i64.const 12))))
    (local.set $r (i64.or (local.get $r) (i64.and (local.get $t) (i64.shl (local.get $p) (i64.const 6)))))
    (local.set $r (i64.or (local.get $r) (i64.and (local.get $t) (i64.shr_u (local.get $p) (i64.const 18)))))
    ;; diagonal (8)
    (local.set $t (i64.and (i64.shl (local.get $p) (i64.const 8)) (i64.shl (local.get $p) (i64.const 16))))
    (local.set $r (i64.or (local.get $r) (i64.and (local.get $t) (i64.shl (local.get $p) (i64.const 24)))))
    (local.set $r (i64.or (local.get $r) (i64.and (local.get $t) (i64.shr_u (local.get $p) (i64.const 8)))))
    (local.set $t (i64.and (i64.shr_u (local.get $p) (i64.const 8)) (i64.shr_u (local.get $p) (i64.const 16))))
    (local.set $r (i64.or (local.get $r) (i64.and (local.get $t) (i64.shl (local.get $p) (i64.const 8)))))
    (local.set $r (i64.or (local.get $r) (i64.and (local.get $t) (i64.shr_u (local.get $p) (i64.const 24)))))
    ;; board cells (0x3f in every column: 0xfdfbf7efdfbf) not yet played
    (i64.and (local.get $r) (i64.xor (i64.const 0xfdfbf7efdfbf) (local.get $mask))))

  ;; Store a value (mod 256) at a table slot, logging the slot if it was empty (so reset clears only
  ;; what was written, or the whole table once the log is full).
  (func $put (param $addr i32) (param $key i64) (param $v i32)
    (if (i32.and (i64.eqz (i64.and (i64.load (local.get $addr)) (i64.const 255))) (i32.eqz (global.get $overflow)))
      (then
        (if (i32.lt_u (global.get $logged) (i32.const 65536))
          (then
            (i32.store (i32.add (i32.const 8192) (i32.shl (global.get $logged) (i32.const 2))) (local.get $addr))
            (global.set $logged (i32.add (global.get $logged) (i32.const 1))))
          (else (global.set $overflow (i32.const 1))))))
    (i64.store (local.get $addr)
      (i64.or (i64.shl (local.get $key) (i64.const 8)) (i64.extend_i32_u (i32.and (local.get $v) (i32.const 255))))))

  ;; Solver.finalNode: the player to move cannot win at once; ow = the opponent's winning cells.
  (func $negamax (param $cur i64) (param $mask i64) (param $n i32) (param $alpha i32) (param $beta i32) (param $ow i64) (result i32)
    (local $possible i64) (local $forced i64) (local $min i32) (local $max i32) (local $key i64) (local $addr i32)
    (local $e i64) (local $v i32) (local $row i32) (local $size i32) (local $i i32) (local $mov i64) (local $w i64)
    (local $score i32) (local $pos i32) (local $at i32) (local $s i32)
    (global.set $nodes (i64.add (global.get $nodes) (i64.const 1)))
    (if (i64.gt_s (global.get $nodes) (global.get $maxNodes)) (then (call $stop)))
    (if (i64.eqz (i64.and (global.get $nodes) (i64.const 0xfff))) (then (call $tick (f64.convert_i64_s (global.get $nodes)))))
    ;; possible non-losing moves
    (local.set $possible (i64.and (i64.add (local.get $mask) (i64.const 0x40810204081)) (i64.const 0xfdfbf7efdfbf)))
    (local.set $forced (i64.and (local.get $possible) (local.get $ow)))
    (if (i64.ne (local.get $forced) (i64.const 0))
      (then
        (if (i64.ne (i64.and (local.get $forced) (i64.sub (local.get $forced) (i64.const 1))) (i64.const 0))
          (then (return (i32.sub (i32.const 0) (i32.shr_s (i32.sub (i32.const 42) (local.get $n)) (i32.const 1))))))
        (local.set $possible (local.get $forced))))
    (local.set $possible (i64.and (local.get $possible) (i64.xor (i64.shr_u (local.get $ow) (i64.const 1)) (i64.const -1))))
    (if (i64.eqz (local.get $possible))
      (then (return (i32.sub (i32.const 0) (i32.shr_s (i32.sub (i32.const 42) (local.get $n)) (i32.const 1))))))
    (if (i32.ge_s (local.get $n) (i32.const 40)) (then (return (i32.const 0))))
    (local.set $min (i32.sub (i32.const 0) (i32.shr_s (i32.sub (i32.const 40) (local.get $n)) (i32.const 1))))
    (if (i32.lt_s (local.get $alpha) (local.get $min))
      (then
        (local.set $alpha (local.get $min))
        (if (i32.ge_s (local.get $alpha) (local.get $beta)) (then (return (local.get $alpha))))))
    (local.set $max (i32.shr_s (i32.sub (i32.const 41) (local.get $n)) (i32.const 1)))
    (if (i32.gt_s (local.get $beta) (local.get $max))
      (then
        (local.set $beta (local.get $max))
        (if (i32.ge_s (local.get $alpha) (local.get $beta)) (then (return (local.get $beta))))))
    (local.set $key (i64.add (local.get $cur) (local.get $mask)))
    (local.set $addr (i32.add (i32.const 327680) (i32.shl (i32.wrap_i64 (i64.rem_u (local.get $key) (global.get $size))) (i32.const 3))))
    (local.set $e (i64.load (local.get $addr)))
    (if (i64.eq (i64.shr_u (local.get $e) (i64.const 8)) (local.get $key))
      (then
        (local.set $v (i32.wrap_i64 (i64.and (local.get $e) (i64.const 255))))
        (if (i32.ne (local.get $v) (i32.const 0))
          (then
            (if (i32.gt_s (local.get $v) (i32.const 37))
              (then
                (local.set $min (i32.sub (local.get $v) (i32.const 56)))
                (if (i32.lt_s (local.get $alpha) (local.get $min))
                  (then
                    (local.set $alpha (local.get $min))
                    (if (i32.ge_s (local.get $alpha) (local.get $beta)) (then (return (local.get $alpha)))))))
              (else
                (local.set $max (i32.sub (local.get $v) (i32.const 19)))
                (if (i32.gt_s (local.get $beta) (local.get $max))
                  (then
                    (local.set $beta (local.get $max))
                    (if (i32.ge_s (local.get $alpha) (local.get $beta)) (then (return (local.get $beta))))))))))))
    ;; move sorter: row of 7 entries of 24 bytes per stone count
    (local.set $row (i32.add (i32.const 64) (i32.mul (local.get $n) (i32.const 168))))
    (local.set $i (i32.const 0))
    (loop $add
      (local.set $mov (i64.and (local.get $possible) (i64.load (i32.shl (local.get $i) (i32.const 3)))))
      (if (i64.ne (local.get $mov) (i64.const 0))
        (then
          (local.set $w (call $winning (i64.or (local.get $cur) (local.get $mov)) (local.get $mask)))
          (local.set $score (i32.wrap_i64 (i64.popcnt (local.get $w))))
          (local.set $pos (local.get $size))
          (local.set $size (i32.add (local.get $size) (i32.const 1)))
          (block $done
            (loop $shift
              (br_if $done (i32.eqz (local.get $pos)))
              (local.set $at (i32.add (local.get $row) (i32.mul (local.get $pos) (i32.const 24))))
              (br_if $done (i32.le_s (i32.load (i32.sub (local.get $at) (i32.const 8))) (local.get $score)))
              (i64.store (local.get $at) (i64.load (i32.sub (local.get $at) (i32.const 24))))
              (i64.store offset=8 (local.get $at) (i64.load (i32.sub (local.get $at) (i32.const 16))))
              (i32.store offset=16 (local.get $at) (i32.load (i32.sub (local.get $at) (i32.const 8))))
              (local.set $pos (i32.sub (local.get $pos) (i32.const 1)))
              (br $shift)))
          (local.set $at (i32.add (local.get $row) (i32.mul (local.get $pos) (i32.const 24))))
          (i64.store (local.get $at) (local.get $mov))
          (i64.store offset=8 (local.get $at) (i64.and (local.get $w) (i64.xor (local.get $mov) (i64.const -1))))
          (i32.store offset=16 (local.get $at) (local.get $score))))
      (local.set $i (i32.add (local.get $i) (i32.const 1)))
      (br_if $add (i32.lt_u (local.get $i) (i32.const 7))))
    (block $exhausted
      (loop $next
        (br_if $exhausted (i32.eqz (local.get $size)))
        (local.set $size (i32.sub (local.get $size) (i32.const 1)))
        (local.set $at (i32.add (local.get $row) (i32.mul (local.get $size) (i32.const 24))))
        (local.set $s (i32.sub (i32.const 0)
          (call $negamax (i64.xor (local.get $cur) (local.get $mask)) (i64.or (local.get $mask) (i64.load (local.get $at))) (i32.add (local.get $n) (i32.const 1))
            (i32.sub (i32.const 0) (local.get $beta)) (i32.sub (i32.const 0) (local.get $alpha)) (i64.load offset=8 (local.get $at)))))
        (if (i32.ge_s (local.get $s) (local.get $beta))
          (then
            (call $put (local.get $addr) (local.get $key) (i32.add (local.get $s) (i32.const 56)))
            (return (local.get $s))))
        (if (i32.gt_s (local.get $s) (local.get $alpha)) (then (local.set $alpha (local.get $s))))
        (br $next)))
    (call $put (local.get $addr) (local.get $key) (i32.add (local.get $alpha) (i32.const 19)))
    (local.get $alpha))

  ;; A 49-bit board from the solver's two words (columns 0..3 in lo, 4..6 in hi).
  (func $board (param $lo i32) (param $hi i32) (result i64)
    (i64.or (i64.extend_i32_u (local.get $lo)) (i64.shl (i64.extend_i32_u (local.get $hi)) (i64.const 28))))

  ;; One null-window (or any-window) search from a position given as the solver's four words.
  (func (export "search") (param $cl i32) (param $ch i32) (param $ml i32) (param $mh i32) (param $n i32) (param $alpha i32) (param $beta i32) (result i32)
    (local $cur i64) (local $mask i64)
    (local.set $cur (call $board (local.get $cl) (local.get $ch)))
    (local.set $mask (call $board (local.get $ml) (local.get $mh)))
    (call $negamax (local.get $cur) (local.get $mask) (local.get $n) (local.get $alpha) (local.get $beta)
      (call $winning (i64.xor (local.get $cur) (local.get $mask)) (local.get $mask))))

  (func (export "setSize") (param $s i32) (global.set $size (i64.extend_i32_u (local.get $s))))
  (func (export "setMaxNodes") (param $m f64) (global.set $maxNodes (i64.trunc_sat_f64_s (local.get $m))))
  (func (export "setNodes") (param $m f64) (global.set $nodes (i64.trunc_sat_f64_s (local.get $m))))
  (func (export "nodes") (result f64) (f64.convert_i64_s (global.get $nodes)))
  ;; Empty the table (Pons' reset between positions).
  (func (export "reset")
    (local $j i32)
    (if (global.get $overflow)
      (then (memory.fill (i32.const 327680) (i32.const 0) (i32.wrap_i64 (i64.shl (global.get $size) (i64.const 3)))))
      (else
        (loop $z
          (if (i32.lt_u (local.get $j) (global.get $logged))
            (then
              (i64.store (i32.load (i32.add (i32.const 8192) (i32.shl (local.get $j) (i32.const 2)))) (i64.const 0))
              (local.set $j (i32.add (local.get $j) (i32.const 1)))
              (br $z))))))
    (global.set $logged (i32.const 0))
    (global.set $overflow (i32.const 0)))
)
