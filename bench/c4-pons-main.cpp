// Driver for Pascal Pons' part-12 Connect-Four solver (github.com/PascalPons/connect4, tag part12),
// compiled by bench/c4-vs-pons.ts together with his solver.cpp from a checkout given by path; none of
// his code is part of this project. It uses only his public API (Position::play(string), Solver::reset,
// Solver::solve, Solver::getNodeCount).
//
// Reads one move string per line and prints "score nodes" per line, then a last line
// "cpu <seconds> wall <seconds>": the thread CPU time and wall time spent inside solve() alone (his
// table reset between positions excluded), so the comparison with our solver's CPU time is not skewed
// by other processes on a shared machine.
#include <ctime>
#include <iostream>
#include <string>

#include "solver.hpp"

using GameSolver::Connect4::Position;
using GameSolver::Connect4::Solver;

static double seconds(clockid_t clock) {
  timespec t;
  clock_gettime(clock, &t);
  return t.tv_sec + t.tv_nsec * 1e-9;
}

int main(int argc, char **argv) {
  const bool weak = argc > 1 && std::string(argv[1]) == "-w";
  Solver solver;
  double cpu = 0, wall = 0;
  std::string line;
  for (int l = 1; std::getline(std::cin, line); l++) {
    Position p;
    if (p.play(line) != line.size()) {
      std::cerr << "line " << l << ": invalid move string \"" << line << "\"" << std::endl;
      return 1;
    }
    solver.reset();
    const double c0 = seconds(CLOCK_THREAD_CPUTIME_ID), w0 = seconds(CLOCK_MONOTONIC);
    const int score = solver.solve(p, weak);
    cpu += seconds(CLOCK_THREAD_CPUTIME_ID) - c0;
    wall += seconds(CLOCK_MONOTONIC) - w0;
    std::cout << score << ' ' << solver.getNodeCount() << '\n';
  }
  std::cout << "cpu " << cpu << " wall " << wall << std::endl;
  return 0;
}
