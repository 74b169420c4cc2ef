% Reference CNAFS runs from the Auto-UFSTool toolbox, in GNU Octave.
%
% The QMR-FS paper ran CNAFS through its authors' wrapper cnafs_model.m
% (github.com/ciwanceylan/qmr-feature-selection, ufstoolbox/models:
% CNAFS(X', 5, 1.0, 100, 100, 100, 1.0, 500, 20)) and the toolbox's CNAFS.m
% and gpi.m (github.com/farhadabedinzadeh/AutoUFSTool, UFSs/CNAFS). This
% script calls them from the directories given on the command line and
% records, for each case, the objective of every iteration, the scores
% sum(W.^2, 2) and the ranking (0-based), with the uniform numbers the run
% drew from rand: CNAFS draws F, W, G and V, then each gpi call a vector
% and an n x c matrix, all from one stream. The stream is drawn again from
% the same seed and its length checked against the next number the run would
% have drawn, so that the Go test can replay it.
%
% Command (GNU Octave 7.3), from the repository root:
%
%   git -C AUTOUFS archive HEAD UFSs/CNAFS/CNAFS.m UFSs/CNAFS/gpi.m | tar -x -C /tmp/autoufs
%   git -C QMRFS archive HEAD ufstoolbox/models | tar -x -C /tmp/qmrfs
%   GSBENCH_DATA=/work/shared/datasets octave-cli baselines/cnafs/testdata/make_reference.m \
%       /tmp/autoufs/UFSs/CNAFS /tmp/qmrfs/ufstoolbox/models | gzip -9 -n > baselines/cnafs/testdata/autoufstool_cnafs.json.gz
%
% (AutoUFSTool at 8e3231a, qmr-feature-selection at d839b0b.)

1;

% run_case runs fn (a call of CNAFS) from rand('twister', seed) and returns
% the case with the stream it consumed: p = [c alpha beta lambda gamma
% epsilon NITER NMF_K].
function out = run_case(name, X, inline, seed, p, fn)
  [n, d] = size(X);
  rand('twister', seed);
  [W, score, index, obj] = fn();
  next = rand();
  T = numel(obj);
  c = p(1); K = p(8);
  N = n*c + d*c + n*K + K*n + T*(n + n*c);
  rand('twister', seed);
  u = rand(N, 1);
  if rand() ~= next
    error('%s: the run drew other than %d numbers', name, N);
  end
  out = struct('name', name, 'params', p, 'objective', obj(:)', 'scores', score(:)', ...
               'ranking', index(:)' - 1, 'uniform', u');
  if inline
    out.x = X;
  else
    out.x = [];
  end
end

args = argv();
addpath(args{1});
addpath(args{2});
root = getenv('GSBENCH_DATA');
paper = [5, 1.0, 100, 100, 100, 1.0, 500, 20]; % cnafs_model
cases = {};

% The paper's parameters on seeded uniform data: the objective settles
% (|change| <= 0.1) before NITER. cnafs_model itself, from the same seed,
% must return the same ranking.
rand('twister', 7);
X = rand(20, 6);
p = paper;
cases{end+1} = run_case('uniform-20x6', X, true, 11, p, @() CNAFS(X.', p(1), p(2), p(3), p(4), p(5), p(6), p(7), p(8)));
rand('twister', 11);
if ~isequal(cnafs_model(X)(:)' - 1, cases{end}.ranking)
  error('cnafs_model and CNAFS with its parameters disagree');
end

% Integer-coded columns beside continuous ones; 30 iterations.
rand('twister', 8);
X = [rand(40, 4), floor(4 * rand(40, 1)), floor(2 * rand(40, 1)), 3 * rand(40, 1), floor(3 * rand(40, 1))];
p = paper; p(7) = 31;
cases{end+1} = run_case('mixed-40x8', X, true, 12, p, @() CNAFS(X.', p(1), p(2), p(3), p(4), p(5), p(6), p(7), p(8)));

% Data of both signs, as Isolet's (in [-1, 1]): X'X has negative entries
% and the multiplicative updates of G and V lose their sign guarantees. The
% iteration is then chaotic: run longer (NITER = 41), this case's
% objectives part after iteration 12 (1e-12, growing about 30-fold an
% iteration: 1e-3 at iteration 17), so 12 iterations are compared.
rand('twister', 10);
X = 2 * rand(30, 6) - 1;
p = paper; p(7) = 13;
cases{end+1} = run_case('signed-30x6', X, true, 16, p, @() CNAFS(X.', p(1), p(2), p(3), p(4), p(5), p(6), p(7), p(8)));

% The toolbox's example.m parameters: CNAFS(X, 10, 0.01, 10, 10, 0.1, 0.001, 3, 5).
randn('twister', 9);
X = randn(40, 12);
p = [10, 0.01, 10, 10, 0.1, 0.001, 3, 5];
cases{end+1} = run_case('normal-40x12-example', X, true, 13, p, @() CNAFS(X.', p(1), p(2), p(3), p(4), p(5), p(6), p(7), p(8)));

% Raw Wine and Heart-Statlog with the paper's parameters, a few iterations
% (a full run takes Octave many minutes: its loops over the n^2 pairs).
M = dlmread(fullfile(root, 'Wine', 'wine_data.csv'), ',', 1, 0);
X = M(:, 1:13);
p = paper; p(7) = 9;
cases{end+1} = run_case('wine', X, false, 14, p, @() CNAFS(X.', p(1), p(2), p(3), p(4), p(5), p(6), p(7), p(8)));
M = dlmread(fullfile(root, 'HeartStatlog', 'heart.dat'));
X = M(:, 1:13);
p = paper; p(7) = 5;
cases{end+1} = run_case('heart-statlog', X, false, 15, p, @() CNAFS(X.', p(1), p(2), p(3), p(4), p(5), p(6), p(7), p(8)));

out = struct('cases', {cases});
printf('%s\n', jsonencode(out));
