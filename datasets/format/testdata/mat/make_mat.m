% Writes the MAT-file fixtures of package format (run from this directory):
%   octave-cli --no-gui --quiet make_mat.m
% fea_gnd.mat holds a user's data under the names of Deng Cai's datasets,
% fea (2 x 3 double) and gnd (2 x 1 double), as `save -v7` writes them
% (Level 5, compressed elements). Package datasets loads it by path
% (TestLoadFiles) and expects X = [1 2 3; 4 5 6] and the labels 7 and 3.
fea = [1 2 3; 4 5 6];
gnd = [7; 3];
save('-v7', 'fea_gnd.mat', 'fea', 'gnd');
