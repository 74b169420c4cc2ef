% Reference FMIUFS rankings from the Auto-UFSTool toolbox, run in GNU Octave.
%
% The QMR-FS paper ran FMIUFS through its authors' wrapper fmiufs_model.m
% (github.com/ciwanceylan/qmr-feature-selection, ufstoolbox/models: min-max
% scaling of every column, then ufs_FMI(X, 1.0)) and the toolbox's
% ufs_FMI.m (github.com/farhadabedinzadeh/AutoUFSTool, UFSs/FMIUFS). This
% script calls both from the directories given on the command line and
% writes, for each case, the ranking ufs_FMI returns (0-based) as JSON.
% ufs_FMI returns no scores, only the selection order.
%
% Command (GNU Octave 7.3), from the repository root:
%
%   git -C AUTOUFS archive HEAD UFSs/FMIUFS/ufs_FMI.m | tar -x -C /tmp/autoufs
%   git -C QMRFS archive HEAD ufstoolbox/models | tar -x -C /tmp/qmrfs
%   GSBENCH_DATA=/work/shared/datasets octave-cli baselines/fmiufs/testdata/make_reference.m \
%       /tmp/autoufs/UFSs/FMIUFS /tmp/qmrfs/ufstoolbox/models > baselines/fmiufs/testdata/autoufstool_fmiufs.json
%
% (AutoUFSTool at 8e3231a, qmr-feature-selection at d839b0b.)

1;

function c = make_case(name, scale, lambda, X, inline, ranking)
  c = struct('name', name, 'scale', scale, 'lambda', lambda, 'ranking', ranking(:)' - 1);
  if inline
    c.x = X;
  else
    c.x = [];
  end
end

args = argv();
addpath(args{1});
addpath(args{2});
root = getenv('GSBENCH_DATA');
cases = {};

% Seeded uniform data, min-max scaled by fmiufs_model.
rand('twister', 19);
X = rand(30, 5);
cases{end+1} = make_case('uniform-30x5', 'minmax', 1, X, true, fmiufs_model(X));

% Integer-coded (categorical-like) columns beside continuous ones.
X = [rand(40, 4), floor(4 * rand(40, 1)), floor(2 * rand(40, 1)), rand(40, 1) + floor(2 * rand(40, 1)), floor(3 * rand(40, 1))];
cases{end+1} = make_case('mixed-40x8', 'minmax', 1, X, true, fmiufs_model(X));

% A duplicated column: ties between columns 1 and 5 (0-based).
X = rand(30, 6);
X(:, 6) = X(:, 2);
cases{end+1} = make_case('duplicated-30x6', 'minmax', 1, X, true, fmiufs_model(X));

% ufs_FMI's own rule without the wrapper: columns spanning exactly [0, 1]
% are numerical (here with lambda 0.5), the others nominal.
X = rand(36, 6);
X(:, 1) = (X(:, 1) - min(X(:, 1))) / (max(X(:, 1)) - min(X(:, 1)));
X(:, 2) = (X(:, 2) - min(X(:, 2))) / (max(X(:, 2)) - min(X(:, 2)));
X(:, 3) = floor(3 * X(:, 3));
X(:, 4) = 1 + floor(2 * X(:, 4));
X(:, 5) = round(X(:, 5) * 4) / 4;
X(:, 6) = 2 * X(:, 6);
cases{end+1} = make_case('rule-36x6', 'none', 0.5, X, true, ufs_FMI(X, 0.5));

% Real data, read by the Go test from GSBENCH_DATA.
M = dlmread(fullfile(root, 'Wine', 'wine_data.csv'), ',', 1, 0);
X = M(:, 1:13);
cases{end+1} = make_case('wine', 'minmax', 1, X, false, fmiufs_model(X));
M = dlmread(fullfile(root, 'HeartStatlog', 'heart.dat'));
X = M(:, 1:13);
cases{end+1} = make_case('heart-statlog', 'minmax', 1, X, false, fmiufs_model(X));

out = struct('cases', {cases});
printf('%s\n', jsonencode(out));
