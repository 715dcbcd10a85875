/// Spoken shell commands the edge engine's language model is built from: how people say
/// commands out loud, in the words the spoken-shell normaliser turns into shell text.
/// Keep the benchmark's evaluation set (Benchmarks/EdgeBenchmark) disjoint from this list.
public enum ShellCorpus {
    public static let sentences: [String] = text.split(separator: "\n").map(String.init)

    private static let text = """
        alias l l equals quote ls dash l end quote
        apt search curl
        apt search docker
        apt search git
        apt search htop
        apt search jq
        apt search nginx
        apt search python three
        apt search tmux
        apt search tree
        apt search vim
        awk quote print end quote
        cat
        cat app dot log
        cat config dot yaml
        cat docker compose dot yml
        cat file dot txt pipe grep foo
        cat index dot js
        cat main dot py
        cat nginx dot conf
        cat notes dot txt
        cat package dot json
        cat readme dot md
        cat setup dot py
        cat slash etc slash hosts
        cat slash etc slash os dash release
        cat tilde slash dot ssh slash id underscore ed two five five one nine dot pub
        cd
        cd dash
        cd dot dot
        cd slash etc
        cd slash etc slash nginx
        cd slash home
        cd slash opt
        cd slash tmp
        cd slash usr slash local
        cd slash var slash log
        cd tilde
        cd tilde slash projects
        chmod plus x app dot log
        chmod plus x config dot yaml
        chmod plus x docker compose dot yml
        chmod plus x index dot js
        chmod plus x main dot py
        chmod plus x nginx dot conf
        chmod plus x notes dot txt
        chmod plus x package dot json
        chmod plus x readme dot md
        chmod plus x setup dot py
        chmod seven five five script dot sh
        chmod six four four file dot txt
        clear
        cp app dot log
        cp config dot yaml
        cp dash r source destination
        cp docker compose dot yml
        cp index dot js
        cp main dot py
        cp nginx dot conf
        cp notes dot txt
        cp package dot json
        cp readme dot md
        cp setup dot py
        crontab dash e
        crontab dash l
        curl dash i localhost
        curl localhost colon eight zero eight zero
        curl localhost colon five
        curl localhost colon four four three
        curl localhost colon one
        curl localhost colon one hundred
        curl localhost colon ten
        curl localhost colon three
        curl localhost colon twenty
        curl localhost colon two
        curl localhost colon two two
        date
        df dash h
        dig example dot com
        docker
        docker compose down
        docker compose logs dash f
        docker compose up dash d
        docker exec dash i t web bash
        docker images
        docker logs web
        docker ps
        docker ps dash a
        docker restart web
        docker stop web
        docker system prune
        du dash s h dot dot
        du dash s h slash etc
        du dash s h slash etc slash nginx
        du dash s h slash home
        du dash s h slash opt
        du dash s h slash tmp
        du dash s h slash usr slash local
        du dash s h slash var slash log
        du dash s h star pipe sort dash h
        du dash s h tilde
        du dash s h tilde slash projects
        echo dollar home
        echo dollar path
        echo hello append to file dot txt
        echo hello greater than file dot txt
        env
        exit
        export editor equals vim
        file app dot log
        file config dot yaml
        file docker compose dot yml
        file index dot js
        file main dot py
        file nginx dot conf
        file notes dot txt
        file package dot json
        file readme dot md
        file setup dot py
        find dot dash name star dot py
        find dot dash type f
        find dot dot
        find dot dot dash name star dot log
        find slash etc
        find slash etc dash name star dot log
        find slash etc slash nginx
        find slash etc slash nginx dash name star dot log
        find slash home
        find slash home dash name star dot log
        find slash opt
        find slash opt dash name star dot log
        find slash tmp
        find slash tmp dash name star dot log
        find slash usr slash local
        find slash usr slash local dash name star dot log
        find slash var slash log
        find slash var slash log dash name star dot log
        find tilde
        find tilde dash name star dot log
        find tilde slash projects
        find tilde slash projects dash name star dot log
        free dash h
        git add app dot log
        git add config dot yaml
        git add docker compose dot yml
        git add dot
        git add index dot js
        git add main dot py
        git add nginx dot conf
        git add notes dot txt
        git add package dot json
        git add readme dot md
        git add setup dot py
        git branch
        git checkout dash b develop
        git checkout dash b feature
        git checkout dash b main
        git checkout dash b master
        git checkout develop
        git checkout feature
        git checkout main
        git checkout master
        git clone git at sign github dot com colon user slash repo dot git
        git commit dash m quote fix the build end quote
        git diff
        git diff dash dash staged
        git fetch
        git log
        git log dash dash oneline
        git merge develop
        git merge feature
        git merge main
        git merge master
        git pull
        git pull origin develop
        git pull origin feature
        git pull origin main
        git pull origin master
        git push
        git push origin main
        git remote dash v
        git reset dash dash hard
        git stash
        git stash pop
        git status
        grep
        grep dash i error slash var slash log slash syslog
        grep dash r error app dot log
        grep dash r error config dot yaml
        grep dash r error docker compose dot yml
        grep dash r error index dot js
        grep dash r error main dot py
        grep dash r error nginx dot conf
        grep dash r error notes dot txt
        grep dash r error package dot json
        grep dash r error readme dot md
        grep dash r error setup dot py
        grep dash r n todo dot
        head app dot log
        head config dot yaml
        head dash n eight zero eight zero
        head dash n five
        head dash n four four three
        head dash n one
        head dash n one hundred
        head dash n ten
        head dash n ten app dot log
        head dash n ten config dot yaml
        head dash n ten docker compose dot yml
        head dash n ten index dot js
        head dash n ten main dot py
        head dash n ten nginx dot conf
        head dash n ten notes dot txt
        head dash n ten package dot json
        head dash n ten readme dot md
        head dash n ten setup dot py
        head dash n three
        head dash n twenty
        head dash n two
        head dash n two two
        head docker compose dot yml
        head index dot js
        head main dot py
        head nginx dot conf
        head notes dot txt
        head package dot json
        head readme dot md
        head setup dot py
        history
        history pipe grep ssh
        history pipe tail
        hostname
        htop
        ip a
        journalctl dash u apache two
        journalctl dash u apache two dash f
        journalctl dash u cron
        journalctl dash u cron dash f
        journalctl dash u docker
        journalctl dash u docker dash f
        journalctl dash u mysql
        journalctl dash u mysql dash f
        journalctl dash u nginx
        journalctl dash u nginx dash f
        journalctl dash u postgresql
        journalctl dash u postgresql dash f
        journalctl dash u redis
        journalctl dash u redis dash f
        journalctl dash u ssh
        journalctl dash u ssh dash f
        kill dash nine eight zero eight zero
        kill dash nine five
        kill dash nine four four three
        kill dash nine one
        kill dash nine one hundred
        kill dash nine ten
        kill dash nine three
        kill dash nine twenty
        kill dash nine two
        kill dash nine two two
        kubectl
        kubectl describe deployments
        kubectl describe logs
        kubectl describe namespaces
        kubectl describe nodes
        kubectl describe pods
        kubectl describe services
        kubectl get deployments
        kubectl get deployments dash a
        kubectl get deployments dash n kube dash system
        kubectl get logs
        kubectl get logs dash a
        kubectl get logs dash n kube dash system
        kubectl get namespaces
        kubectl get namespaces dash a
        kubectl get namespaces dash n kube dash system
        kubectl get nodes
        kubectl get nodes dash a
        kubectl get nodes dash n kube dash system
        kubectl get pods
        kubectl get pods dash a
        kubectl get pods dash n kube dash system
        kubectl get services
        kubectl get services dash a
        kubectl get services dash n kube dash system
        less app dot log
        less config dot yaml
        less docker compose dot yml
        less index dot js
        less main dot py
        less nginx dot conf
        less notes dot txt
        less package dot json
        less readme dot md
        less setup dot py
        less slash var slash log slash syslog
        ll
        ln dash s target link
        ls
        ls dash l a dot dot
        ls dash l a pipe less
        ls dash l a slash etc
        ls dash l a slash etc slash nginx
        ls dash l a slash home
        ls dash l a slash opt
        ls dash l a slash tmp
        ls dash l a slash usr slash local
        ls dash l a slash var slash log
        ls dash l a tilde
        ls dash l a tilde slash projects
        ls dash l dot dot
        ls dash l slash etc
        ls dash l slash etc slash nginx
        ls dash l slash home
        ls dash l slash opt
        ls dash l slash tmp
        ls dash l slash usr slash local
        ls dash l slash var slash log
        ls dash l tilde
        ls dash l tilde slash projects
        ls dot dot
        ls dot dot pipe grep conf
        ls pipe wc dash l
        ls slash etc
        ls slash etc pipe grep conf
        ls slash etc slash nginx
        ls slash etc slash nginx pipe grep conf
        ls slash home
        ls slash home pipe grep conf
        ls slash opt
        ls slash opt pipe grep conf
        ls slash tmp
        ls slash tmp pipe grep conf
        ls slash usr slash local
        ls slash usr slash local pipe grep conf
        ls slash var slash log
        ls slash var slash log pipe grep conf
        ls tilde
        ls tilde pipe grep conf
        ls tilde slash projects
        ls tilde slash projects pipe grep conf
        lsblk
        make
        make install
        make test
        man grep
        mkdir dash p dot dot
        mkdir dash p slash etc
        mkdir dash p slash etc slash nginx
        mkdir dash p slash home
        mkdir dash p slash opt
        mkdir dash p slash tmp
        mkdir dash p slash usr slash local
        mkdir dash p slash var slash log
        mkdir dash p tilde
        mkdir dash p tilde slash projects
        mount
        mv old dot txt new dot txt
        nano app dot log
        nano config dot yaml
        nano docker compose dot yml
        nano index dot js
        nano main dot py
        nano nginx dot conf
        nano notes dot txt
        nano package dot json
        nano readme dot md
        nano setup dot py
        npm install
        npm run build
        npm test
        ping dash c three localhost
        ping google dot com
        pip install dash r requirements dot txt
        ps aux
        ps aux pipe grep nginx
        pwd
        python three main dot py
        rm app dot log
        rm config dot yaml
        rm dash r f build
        rm docker compose dot yml
        rm index dot js
        rm main dot py
        rm nginx dot conf
        rm notes dot txt
        rm package dot json
        rm readme dot md
        rm setup dot py
        rsync dash a v dot slash backup
        scp notes dot txt server colon tilde
        screen dash r
        sed dash i
        sleep eight zero eight zero
        sleep five
        sleep four four three
        sleep one
        sleep one hundred
        sleep ten
        sleep three
        sleep twenty
        sleep two
        sleep two two
        sort file dot txt pipe uniq
        source tilde slash dot bashrc
        source venv slash bin slash activate
        ss dash t l n p
        ssh dash keygen dash t ed two five five one nine
        ssh root at sign server
        stat app dot log
        stat config dot yaml
        stat docker compose dot yml
        stat index dot js
        stat main dot py
        stat nginx dot conf
        stat notes dot txt
        stat package dot json
        stat readme dot md
        stat setup dot py
        sudo
        sudo apt install curl
        sudo apt install docker
        sudo apt install git
        sudo apt install htop
        sudo apt install jq
        sudo apt install nginx
        sudo apt install python three
        sudo apt install tmux
        sudo apt install tree
        sudo apt install vim
        sudo apt remove curl
        sudo apt remove docker
        sudo apt remove git
        sudo apt remove htop
        sudo apt remove jq
        sudo apt remove nginx
        sudo apt remove python three
        sudo apt remove tmux
        sudo apt remove tree
        sudo apt remove vim
        sudo apt update
        sudo apt update and and sudo apt upgrade dash y
        sudo apt upgrade
        sudo chown dash r root dot dot
        sudo chown dash r root slash etc
        sudo chown dash r root slash etc slash nginx
        sudo chown dash r root slash home
        sudo chown dash r root slash opt
        sudo chown dash r root slash tmp
        sudo chown dash r root slash usr slash local
        sudo chown dash r root slash var slash log
        sudo chown dash r root tilde
        sudo chown dash r root tilde slash projects
        sudo chown root colon root file dot txt
        sudo dash i
        sudo fdisk dash l
        sudo nginx dash t
        sudo reboot
        sudo service apache two restart
        sudo service cron restart
        sudo service docker restart
        sudo service mysql restart
        sudo service nginx restart
        sudo service postgresql restart
        sudo service redis restart
        sudo service ssh restart
        sudo shutdown now
        sudo su
        sudo systemctl enable apache two
        sudo systemctl enable cron
        sudo systemctl enable docker
        sudo systemctl enable mysql
        sudo systemctl enable nginx
        sudo systemctl enable postgresql
        sudo systemctl enable redis
        sudo systemctl enable ssh
        sudo systemctl reload apache two
        sudo systemctl reload cron
        sudo systemctl reload docker
        sudo systemctl reload mysql
        sudo systemctl reload nginx
        sudo systemctl reload postgresql
        sudo systemctl reload redis
        sudo systemctl reload ssh
        sudo systemctl restart apache two
        sudo systemctl restart cron
        sudo systemctl restart docker
        sudo systemctl restart mysql
        sudo systemctl restart nginx
        sudo systemctl restart postgresql
        sudo systemctl restart redis
        sudo systemctl restart ssh
        sudo systemctl start apache two
        sudo systemctl start cron
        sudo systemctl start docker
        sudo systemctl start mysql
        sudo systemctl start nginx
        sudo systemctl start postgresql
        sudo systemctl start redis
        sudo systemctl start ssh
        sudo systemctl status apache two
        sudo systemctl status cron
        sudo systemctl status docker
        sudo systemctl status mysql
        sudo systemctl status nginx
        sudo systemctl status postgresql
        sudo systemctl status redis
        sudo systemctl status ssh
        sudo systemctl stop apache two
        sudo systemctl stop cron
        sudo systemctl stop docker
        sudo systemctl stop mysql
        sudo systemctl stop nginx
        sudo systemctl stop postgresql
        sudo systemctl stop redis
        sudo systemctl stop ssh
        sudo vim slash etc slash hosts
        systemctl list dash units
        tail app dot log
        tail config dot yaml
        tail dash f app dot log
        tail dash f config dot yaml
        tail dash f docker compose dot yml
        tail dash f index dot js
        tail dash f main dot py
        tail dash f nginx dot conf
        tail dash f notes dot txt
        tail dash f package dot json
        tail dash f readme dot md
        tail dash f setup dot py
        tail dash f slash var slash log slash nginx slash error dot log
        tail dash n eight zero eight zero slash var slash log slash syslog
        tail dash n five slash var slash log slash syslog
        tail dash n four four three slash var slash log slash syslog
        tail dash n one hundred slash var slash log slash syslog
        tail dash n one slash var slash log slash syslog
        tail dash n ten slash var slash log slash syslog
        tail dash n three slash var slash log slash syslog
        tail dash n twenty slash var slash log slash syslog
        tail dash n two slash var slash log slash syslog
        tail dash n two two slash var slash log slash syslog
        tail docker compose dot yml
        tail index dot js
        tail main dot py
        tail nginx dot conf
        tail notes dot txt
        tail package dot json
        tail readme dot md
        tail setup dot py
        tar dash c z f backup dot tar dot gz dot
        tar dash x z f backup dot tar dot gz
        tmux attach
        tmux new dash s work
        top
        touch app dot log
        touch config dot yaml
        touch docker compose dot yml
        touch index dot js
        touch main dot py
        touch nginx dot conf
        touch notes dot txt
        touch package dot json
        touch readme dot md
        touch setup dot py
        tree dot dot
        tree slash etc
        tree slash etc slash nginx
        tree slash home
        tree slash opt
        tree slash tmp
        tree slash usr slash local
        tree slash var slash log
        tree tilde
        tree tilde slash projects
        uname dash a
        unzip archive dot zip
        uptime
        vim app dot log
        vim config dot yaml
        vim docker compose dot yml
        vim index dot js
        vim main dot py
        vim nginx dot conf
        vim notes dot txt
        vim package dot json
        vim readme dot md
        vim setup dot py
        vim tilde slash dot bashrc
        watch dash n one df dash h
        wc dash l app dot log
        wc dash l config dot yaml
        wc dash l docker compose dot yml
        wc dash l index dot js
        wc dash l main dot py
        wc dash l nginx dot conf
        wc dash l notes dot txt
        wc dash l package dot json
        wc dash l readme dot md
        wc dash l setup dot py
        wget example dot com
        which curl
        which docker
        which git
        which htop
        which jq
        which nginx
        which python three
        which tmux
        which tree
        which vim
        whoami
        xargs rm
        """
}
